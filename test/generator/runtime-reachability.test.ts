/**
 * The output carries only the runtime it uses: every copied runtime file is imported (type-only
 * imports count: the type checker reads them) by an emitted file, by a file users import directly
 * (the server adapters), or by another such runtime file; and a rule keyword's check is there
 * exactly when the document's rules use it. Imports are read with TypeScript's own pre-processor,
 * not the generator's pattern, so a file the generator wrongly thinks reachable shows up here.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { generate } from '../../api/index.js';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import { pruneRuntime } from '../../generator/plugins/copy-runtime.js';
import { plugins } from '../../api/plugins.js';
import { resolveGenerateConfig } from '../../generator/resolve-config.js';
import { ROOT } from './helpers/compile-output.js';

const PETSTORE = 'node_modules/@readme/oas-examples/3.0/yaml/petstore-expanded.yaml';
/** Files users import themselves: the adapters of the default selection. */
const ENTRY_POINTS = ['runtime/server/node-http.ts', 'runtime/server/fetch.ts'];

function unreached(files: readonly GeneratedFile[], entryPoints: readonly string[]): string[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const reached = new Set<string>();
  const queue = [...files.filter((f) => !f.path.startsWith('runtime/')).map((f) => f.path), ...entryPoints];
  while (queue.length > 0) {
    const at = queue.pop() as string;
    if (reached.has(at) || !byPath.has(at)) continue;
    reached.add(at);
    for (const imported of ts.preProcessFile(byPath.get(at)!.contents, true, true).importedFiles) {
      if (imported.fileName.startsWith('.'))
        queue.push(path.posix.join(path.posix.dirname(at), imported.fileName.replace(/\.js$/, '.ts')));
    }
  }
  return files.map((f) => f.path).filter((p) => p.startsWith('runtime/') && !reached.has(p));
}

describe('runtime files in the output', () => {
  test('a document without rules: every runtime file is reached, no rule keyword check is copied', async () => {
    const { files } = await generate(
      {
        spec: PETSTORE,
        overlays: [],
        out: 'unused',
        check: false,
        clientFactoryName: 'createApiClient',
        runtime: 'copy',
      },
      { cwd: ROOT },
    );
    const paths = files.map((f) => f.path);
    expect(unreached(files, ENTRY_POINTS)).toEqual([]);
    for (const check of ['non-empty', 'required-when', 'string-limits', 'case-sensitive-enum', 'pointer', 'index']) {
      expect(paths).not.toContain(`runtime/rules/${check}.ts`);
    }
    // The features every output uses are all there.
    expect(paths).toEqual(
      expect.arrayContaining([
        'runtime/rules/lazy-validators.ts',
        'runtime/server/router.ts',
        'runtime/client/create-client.ts',
        ...ENTRY_POINTS,
      ]),
    );
  }, 60_000);

  test('spec/: the generic keyword its rules use is copied with what it imports, the others are not', async () => {
    const config = await resolveGenerateConfig({}, ROOT, plugins);
    const { files } = await generate(config, { cwd: ROOT });
    const paths = files.map((f) => f.path);
    const kit = paths.filter((p) => p.startsWith('runtime/payments/') || p.startsWith('runtime/webhooks/'));
    expect(unreached(files, [...ENTRY_POINTS, 'runtime/server/hono.ts', ...kit])).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'runtime/rules/required-when.ts',
        'runtime/rules/condition.ts',
        'runtime/rules/pointer.ts',
      ]),
    );
    expect(paths).not.toContain('runtime/rules/non-empty.ts');
    expect(files.find((f) => f.path === 'validators-runtime.ts')?.contents).toContain('createRequiredWhen');
  }, 60_000);

  test('every form of import keeps its target: static, type-only, re-export, multi-line, side effect, dynamic', () => {
    const file = (p: string, contents = '') => ({ path: p, contents });
    const files = [
      file(
        'entry.ts',
        [
          "import { a } from './runtime/a.js';",
          "import type { B } from './runtime/b.js';",
          'export {',
          '  c,',
          '} from "./runtime/c.js";',
          "import './runtime/d.js';",
          "const e = () => import('./runtime/e.js');",
        ].join('\n'),
      ),
      ...['a', 'b', 'c', 'd', 'e'].map((n) => file(`runtime/${n}.ts`)),
      file('runtime/f.ts', "import { a } from './a.js';"),
    ];
    const prunable = new Set(files.filter((f) => f.path.startsWith('runtime/')).map((f) => f.path));
    expect(pruneRuntime(files, prunable).map((f) => f.path)).toEqual([
      'entry.ts',
      'runtime/a.ts',
      'runtime/b.ts',
      'runtime/c.ts',
      'runtime/d.ts',
      'runtime/e.ts',
    ]);
    expect(unreached(pruneRuntime(files, prunable), [])).toEqual([]);
  });
});
