/**
 * The two runtime modes. 'package' (the default): the output imports the runtime from the runtime
 * package (packages/runtime/, published beside the toolkit) by its named entries ("exports":
 * `<runtime>/client`, `<runtime>/server`, ...), and holds only what the document shapes plus a
 * one-line re-export per module users import themselves; 'copy' vendors the package's sources into
 * <out>/runtime/. Both are the same code: the package mode only changes import specifiers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { generate, type GenerateResult } from '../../api/index.js';
import { plugins } from '../../api/plugins.js';
import type { GenerateConfig } from '../../generator/config.js';
import { RELATIVE_IMPORT, runtimeFiles } from '../../generator/plugins/copy-runtime.js';
import { packagedRuntime } from '../../generator/plugins/package-runtime.js';
import { resolveGenerateConfig } from '../../generator/resolve-config.js';
import { compileOutput, ROOT } from './helpers/compile-output.js';

const PETSTORE = 'node_modules/@readme/oas-examples/3.0/yaml/petstore-expanded.yaml';
const RUNTIME_DIR = path.join(ROOT, 'packages/runtime');
const pkg = JSON.parse(readFileSync(path.join(RUNTIME_DIR, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string | Record<string, string>>;
  typesVersions: Record<string, Record<string, string[]>>;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  files: string[];
};
const toolkit = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  workspaces: string[];
};
const RUNTIME_IMPORT = new RegExp(`(['"])${pkg.name.replace(/[-/]/g, '\\$&')}/([^'"]+)\\1`, 'g');

const petstore = (runtime: GenerateConfig['runtime']): Promise<GenerateResult> =>
  generate(
    { spec: PETSTORE, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient', runtime },
    { cwd: ROOT },
  );

/** The source modules an entry's barrel re-exports whole, following index.ts barrels it re-exports. */
function barrelModules(entry: string): string[] {
  const out: string[] = [];
  const queue = [path.join(RUNTIME_DIR, 'src/entries', entry, 'index.ts')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const m of readFileSync(file, 'utf8').matchAll(/^export (?:type )?\* from '([^']+)\.js';$/gm)) {
      const target = path.resolve(path.dirname(file), `${m[1]}.ts`);
      out.push(target);
      queue.push(target);
    }
  }
  return out;
}

describe("'package' runtime mode (the default)", () => {
  let packaged: GenerateResult;
  let copied: GenerateResult;
  beforeAll(async () => {
    [packaged, copied] = await Promise.all([petstore(undefined), petstore('copy')]);
  }, 60_000);

  test('holds no runtime code: only a one-line re-export of its named entry per module users import themselves', () => {
    const runtime = packaged.files.filter((f) => f.path.startsWith('runtime/'));
    // The adapters, and what handler stubs written by earlier versions import.
    expect(
      Object.fromEntries(
        runtime.map((f) => [f.path, f.contents.split('\n').filter((l) => l !== '' && !l.startsWith('//'))]),
      ),
    ).toEqual({
      'runtime/server/fetch.ts': [`export * from "${pkg.name}/server/fetch";`],
      'runtime/server/node-http.ts': [`export * from "${pkg.name}/server/node-http";`],
      'runtime/server/not-implemented.ts': [`export * from "${pkg.name}/server";`],
    });
    const size = (r: GenerateResult) => r.files.reduce((n, f) => n + f.contents.length, 0);
    // The copy carries the runtime: tens of kB more than what the document shapes.
    expect(size(copied) - size(packaged)).toBeGreaterThan(50_000);
  });

  test(
    'declares the runtime package (not the toolkit) at this version as a ' +
      'run-time dependency, beside what the runtime imports; the copy does not',
    () => {
      // What the runtime imports stays declared, so the app installs the versions it was built with.
      // ajv-formats is not among them: the runtime's formats are its own ES module (rules/formats.ts).
      expect(copied.runtimeDependencies.dependencies).toEqual({ ajv: expect.any(String) });
      expect(packaged.runtimeDependencies.dependencies).toEqual({
        ...copied.runtimeDependencies.dependencies,
        [pkg.name]: pkg.version,
      });
      const json = packaged.files.find((f) => f.path === 'runtime-dependencies.json')!;
      expect(JSON.parse(json.contents).dependencies[pkg.name]).toBe(pkg.version);
    },
  );

  test('every emitted file is the copy-mode file with its runtime imports re-pointed at named entries, nothing else', () => {
    const served = packagedRuntime(plugins);
    const copies = new Map(copied.files.map((f) => [f.path, f.contents]));
    const emitted = packaged.files.filter((f) => !f.path.startsWith('runtime') && f.path.endsWith('.ts'));
    expect(emitted.length).toBeGreaterThan(5);
    for (const f of emitted) {
      const expected = copies
        .get(f.path)!
        .replace(RELATIVE_IMPORT, (whole, before: string, q: string, spec: string) => {
          const target = path.posix.join(path.posix.dirname(f.path), spec.replace(/\.js$/, '.ts'));
          const entry = served.get(target);
          return served.has(target) ? `${before}${q}${entry}${q}` : whole;
        });
      expect(f.contents, f.path).toBe(expected);
      expect(f.contents, f.path).not.toMatch(/['"]\.{1,2}\/runtime\//);
    }
  });

  test(
    "every runtime module the output imports is served whole by a named entry of the runtime package's " +
      '"exports" (and "typesVersions"), whose barrel re-exports it',
    () => {
      const imported = new Set<string>();
      for (const f of packaged.files) for (const m of f.contents.matchAll(RUNTIME_IMPORT)) imported.add(m[2]!);
      expect(imported.size).toBeGreaterThan(3);
      // Every file any plugin of the registry may serve from the package, not only petstore's.
      const served = packagedRuntime(plugins);
      const sourceOf = new Map(runtimeFiles(plugins).map((r) => [r.out, r.file]));
      for (const [out, specifier] of served) {
        if (specifier === undefined) continue;
        const entry = specifier.slice(pkg.name.length + 1);
        expect(pkg.exports[`./${entry}`], specifier).toEqual({
          types: `./dist/entries/${entry}/index.d.ts`,
          default: `./dist/entries/${entry}/index.js`,
        });
        expect(pkg.typesVersions['*']![entry], specifier).toEqual([`dist/entries/${entry}/index.d.ts`]);
        expect(barrelModules(entry), out).toContain(sourceOf.get(out));
      }
      for (const rest of imported) expect([...served.values()]).toContain(`${pkg.name}/${rest}`);
      // The runtime package's build compiles src/ (the payments kit included) into the dist/ it publishes.
      const build = JSON.parse(readFileSync(path.join(RUNTIME_DIR, 'tsconfig.json'), 'utf8')) as {
        include: string[];
        compilerOptions: { rootDir: string; outDir: string };
      };
      expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
      expect(build.include).toEqual(['src']);
      expect(pkg.files).toEqual(['dist', 'README.md']);
    },
  );

  test(
    'the runtime package depends on no package and declares no peers: what its sources import (ajv, hono, re2js, ' +
      'the SQLite and PostgreSQL drivers) comes from the app, at a version the toolkit names',
    () => {
      const imported = new Set<string>();
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(path.join(RUNTIME_DIR, 'src'))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(
          /(?:from\s+|import\(\s*|createRequire\(import\.meta\.url\)\(\s*)'([^'.][^']*)'/g,
        )) {
          if (isBuiltin(m[1]!)) continue;
          imported.add(m[1]!.startsWith('@') ? m[1]!.split('/').slice(0, 2).join('/') : m[1]!.split('/')[0]!);
        }
      }
      // The client core is its own (client/fetch-client.ts): an app's production install of a
      // client without validation is this package alone.
      expect(pkg.dependencies).toBeUndefined();
      // No peer dependencies, not even optional ones: npm keeps an optional peer that another
      // package (the toolkit, a devDependency) brought into the tree in `npm ci --omit=dev`.
      expect(pkg.peerDependencies).toBeUndefined();
      // The rest is the app's, named with a version in runtime-dependencies.json from the toolkit's manifest.
      const named = { ...toolkit.dependencies, ...toolkit.peerDependencies };
      for (const name of imported) expect(named[name], name).toBeDefined();
      expect([...imported].sort()).toEqual(['ajv', 'hono', 'node-sqlite3-wasm', 'pg', 're2js']);
      // The toolkit depends on the runtime package at this version, from this repository's workspace.
      expect(toolkit.dependencies[pkg.name]).toBe(pkg.version);
      expect(toolkit.workspaces).toContain('packages/runtime');
    },
  );

  test('with the payments kit too, both modes type-check under strict', async () => {
    const config = { ...(await resolveGenerateConfig({}, ROOT, plugins)), runtime: 'package' as const };
    const spec = await generate(config, { cwd: ROOT, plugins });
    const kitShims = spec.files.filter((f) => f.path.startsWith('runtime/payments/'));
    expect(kitShims.length).toBeGreaterThan(5);
    for (const f of kitShims) expect(f.contents).toMatch(new RegExp(`from "${pkg.name}/(payments|webhooks)\\b`));
    expect(spec.files.filter((f) => f.path.startsWith('runtime/') && !/^export \* from /m.test(f.contents))).toEqual(
      [],
    );
    const compiled = await compileOutput({ packaged: packaged.files, copied: copied.files, spec: spec.files });
    try {
      expect(compiled.diagnostics).toBe('');
    } finally {
      compiled.cleanup();
    }
  }, 120_000);
});

describe('choosing the mode', () => {
  test('--runtime and the config key "runtime" take package or copy; anything else is a one-line error', async () => {
    expect((await resolveGenerateConfig({ runtime: 'copy', spec: PETSTORE }, ROOT, plugins)).runtime).toBe('copy');
    await expect(resolveGenerateConfig({ runtime: 'vendored', spec: PETSTORE }, ROOT, plugins)).rejects.toMatchObject({
      code: 'E_USAGE',
      message: '--runtime must be "package" or "copy"',
    });
  });
});
