/**
 * The TypeScript blocks of README.md compile as written: each block becomes a module beside
 * generated/ (what `./generated/…` imports), the package name resolves to api/index.ts and the
 * runtime package's name to its sources, and the few values a snippet leaves to the reader
 * (`body`, `handlers`, `lookup`, `partners`) are declared with the types a reader would have.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT } from '../generator/helpers/compile-output.js';
import { runtimeSourcePaths } from '../runtime-source-aliases.js';
import { fencedBlocks, SHELL_TAGS } from './readme-blocks.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
// Beside generated/ so that `./generated/…` resolves as it reads; removed afterwards.
const dir = path.join(ROOT, `readme-snippets-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a snippet uses without defining it, declared as the reader's own code would have it. */
const FREE: Record<string, string> = {
  body:
    "declare const body: NonNullable<import('../generated/types.js').operations['createPayment']['requestBody'" +
    "]>['content']['application/json'];",
  handlers: "declare const handlers: Partial<import('../generated/server.js').Handlers>;",
  lookup: 'declare function lookup(token: string): { sub: string } | undefined;',
  partners: 'declare const partners: Map<string, { sub: string }>;',
};

describe('README.md shell blocks', () => {
  test('every one says where it runs (clone, partner or reference), so the as-shipped tier runs it or skips it knowingly', () => {
    const sh = fencedBlocks().filter((b) => b.lang === 'sh');
    expect(sh.length).toBeGreaterThanOrEqual(10);
    const untagged = sh.filter((b) => !(SHELL_TAGS as readonly string[]).includes(b.tag ?? ''));
    expect(untagged.map((b) => `README.md:${b.line}: \`\`\`sh ${b.tag ?? ''}`)).toEqual([]);
    // The partner flow and the clone's own commands are there to run.
    for (const tag of ['clone', 'partner'] as const)
      expect(sh.filter((b) => b.tag === tag).length, tag).toBeGreaterThan(0);
  });
});

describe('README.md TypeScript snippets', () => {
  test('there are snippets to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  test('every one type-checks under strict against generated/ and the package', () => {
    mkdirSync(dir, { recursive: true });
    const files = blocks.map((code, i) => {
      const file = path.join(dir, `snippet-${i + 1}.ts`);
      const used = Object.entries(FREE).filter(
        ([name]) =>
          new RegExp(`\\b${name}\\b`).test(code) && !new RegExp(`\\b(const|function|let)\\s+${name}\\b`).test(code),
      );
      writeFileSync(
        file,
        `${code.replaceAll("'./generated/", "'../generated/")}\n${used.map(([, d]) => d).join('\n')}\nexport {};\n`,
      );
      return file;
    });
    const { options, errors } = ts.convertCompilerOptionsFromJson(
      {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        noEmit: true,
        paths: { ...runtimeSourcePaths, 'cross-border-payments-toolkit': [path.join(ROOT, 'api/index.ts')] },
      },
      ROOT,
    );
    expect(errors).toEqual([]);
    const program = ts.createProgram(files, options);
    const own = new Set(files);
    const messages = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file !== undefined && own.has(path.resolve(d.file.fileName)))
      .map(
        (d) =>
          `${path.basename(d.file?.fileName ?? '')}:` +
          `${(d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line ?? 0) + 1}: ` +
          `${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(messages).toEqual([]);
  }, 120_000);
});
