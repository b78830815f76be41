/**
 * The two runtime modes. 'package' (the default): the output imports the runtime from the runtime
 * package (packages/runtime/, published beside the toolkit), whose "exports" serve the compiled
 * runtime from its dist/, and holds only what the document shapes plus a one-line re-export per
 * entry point users import themselves; 'copy' vendors the package's sources into <out>/runtime/.
 * Both are the same code: the package mode only changes import specifiers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { generate, type GenerateResult } from '../../api/index.js';
import { plugins } from '../../api/plugins.js';
import type { GenerateConfig } from '../../generator/config.js';
import { runtimeFiles } from '../../generator/plugins/copy-runtime.js';
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

/** Node's "exports" pattern matching (longest prefix before `*` wins) for one condition. */
function resolveExport(subpath: string, condition: 'types' | 'default'): string | undefined {
  let best: { key: string; star: string } | undefined;
  for (const key of Object.keys(pkg.exports)) {
    const [prefix, suffix = ''] = key.split('*');
    if (
      !key.includes('*') ||
      !subpath.startsWith(prefix!) ||
      !subpath.endsWith(suffix) ||
      subpath.length < key.length - 1
    )
      continue;
    if (best === undefined || prefix!.length > best.key.split('*')[0]!.length)
      best = { key, star: subpath.slice(prefix!.length, subpath.length - suffix.length) };
  }
  const target = best === undefined ? undefined : pkg.exports[best.key];
  const pattern = typeof target === 'string' ? target : target?.[condition];
  return pattern === undefined || best === undefined ? undefined : pattern.replace('*', best.star);
}

/** TypeScript's "typesVersions" mapping (for moduleResolution node10, which ignores "exports"). */
function resolveTypesVersions(subpath: string): string | undefined {
  const map = pkg.typesVersions['*'] ?? {};
  const key = Object.keys(map)
    .filter((k) => subpath.startsWith(k.split('*')[0]!))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined
    ? undefined
    : `./${map[key]![0]!.replace('*', subpath.slice(key.split('*')[0]!.length)).replace(/\.js$/, '.d.ts')}`;
}

describe("'package' runtime mode (the default)", () => {
  let packaged: GenerateResult;
  let copied: GenerateResult;
  beforeAll(async () => {
    [packaged, copied] = await Promise.all([petstore(undefined), petstore('copy')]);
  }, 60_000);

  test('holds no runtime code: only a one-line re-export per module users import themselves', () => {
    const runtime = packaged.files.filter((f) => f.path.startsWith('runtime/'));
    // The adapters, and what handler stubs written by earlier versions import.
    expect(runtime.map((f) => f.path)).toEqual([
      'runtime/server/fetch.ts',
      'runtime/server/node-http.ts',
      'runtime/server/not-implemented.ts',
    ]);
    for (const f of runtime) {
      const body = f.contents.split('\n').filter((l) => l !== '' && !l.startsWith('//'));
      expect(body).toEqual([`export * from "${pkg.name}/${f.path.slice('runtime/'.length).replace(/\.ts$/, '.js')}";`]);
    }
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

  test('every emitted file is the copy-mode file with its runtime imports re-pointed, nothing else', () => {
    const copies = new Map(copied.files.map((f) => [f.path, f.contents]));
    for (const f of packaged.files.filter((f) => !f.path.startsWith('runtime') && f.path.endsWith('.ts'))) {
      const depth = f.path.split('/').length - 1;
      const back = f.contents.replace(
        RUNTIME_IMPORT,
        (_m, q: string, rest: string) => `${q}${depth === 0 ? './' : '../'.repeat(depth)}runtime/${rest}${q}`,
      );
      expect(back, f.path).toBe(copies.get(f.path));
    }
  });

  test(
    "every runtime module the output imports is one the runtime package's " +
      '"exports" (and "typesVersions") serve, compiled from that very source',
    () => {
      const imported = new Set<string>();
      for (const f of packaged.files) for (const m of f.contents.matchAll(RUNTIME_IMPORT)) imported.add(m[2]!);
      expect(imported.size).toBeGreaterThan(5);
      // Every file any plugin of the registry may serve from the package, not only petstore's.
      const served = packagedRuntime(plugins);
      const sourceOf = new Map(runtimeFiles(plugins).map((r) => [r.out, r.file]));
      for (const [out, specifier] of served) {
        const subpath = `.${specifier.slice(pkg.name.length)}`;
        const compiled = path
          .relative(path.join(RUNTIME_DIR, 'src'), sourceOf.get(out)!)
          .split(path.sep)
          .join('/')
          .replace(/\.ts$/, '');
        expect(resolveExport(subpath, 'default'), specifier).toBe(`./dist/${compiled}.js`);
        expect(resolveExport(subpath, 'types'), specifier).toBe(`./dist/${compiled}.d.ts`);
        expect(resolveTypesVersions(subpath.slice(2)), specifier).toBe(`./dist/${compiled}.d.ts`);
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
    for (const f of kitShims) expect(f.contents).toContain(`from "${pkg.name}/payments/`);
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
