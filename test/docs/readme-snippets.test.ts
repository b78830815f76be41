/**
 * The code blocks of README.md and docs/ as a reader copies them. Every shell block says where it
 * runs. Every TypeScript block compiles as written: each becomes a module beside generated/ (what
 * `./generated/…` imports), the toolkit's name resolves to api/index.ts and the runtime package's
 * names to its sources, and the few values a snippet leaves to the reader (`body`, `handlers`,
 * `lookup`, `partners`) are declared with the types a reader would have.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT } from '../generator/helpers/compile-output.js';
import { runtimeSourcePaths } from '../runtime-source-aliases.js';
import { docFiles, fencedBlocks, SHELL_TAGS } from './readme-blocks.js';

const tsBlocks = fencedBlocks().filter((b) => b.lang === 'ts' && b.tag !== 'fragment');
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

describe('shell blocks of README.md and docs/', () => {
  test('every one says where it runs (clone, partner or reference), so the as-shipped tier runs it or skips it knowingly', () => {
    const sh = fencedBlocks().filter((b) => b.lang === 'sh');
    expect(sh.length).toBeGreaterThanOrEqual(10);
    const untagged = sh.filter((b) => !(SHELL_TAGS as readonly string[]).includes(b.tag ?? ''));
    expect(untagged.map((b) => `${b.file}:${b.line}: \`\`\`sh ${b.tag ?? ''}`)).toEqual([]);
    // The partner flow and the clone's own commands are there to run.
    for (const tag of ['clone', 'partner'] as const)
      expect(sh.filter((b) => b.tag === tag).length, tag).toBeGreaterThan(0);
  });

  test('docs/ pages are read too', () => {
    expect(docFiles().filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(20);
    expect(fencedBlocks().some((b) => b.file.startsWith('docs/') && b.lang === 'sh' && b.tag === 'partner')).toBe(true);
  });

  test('a block tagged otherwise than its language allows is caught', () => {
    // `fragment` is the only tag of a TypeScript block; a misspelt one would silently compile nothing.
    const odd = fencedBlocks().filter((b) => b.lang === 'ts' && b.tag !== undefined && b.tag !== 'fragment');
    expect(odd.map((b) => `${b.file}:${b.line}: \`\`\`ts ${b.tag}`)).toEqual([]);
  });
});

describe('TypeScript blocks of README.md and docs/', () => {
  test('there are snippets to check, and fragments stay rare', () => {
    expect(tsBlocks.length).toBeGreaterThanOrEqual(8);
    const fragments = fencedBlocks().filter((b) => b.lang === 'ts' && b.tag === 'fragment');
    expect(fragments.length).toBeLessThanOrEqual(3);
  });

  test('every one type-checks under strict against generated/ and the packages', () => {
    mkdirSync(dir, { recursive: true });
    const origin = new Map<string, string>();
    const files = tsBlocks.map((block, i) => {
      const file = path.join(dir, `snippet-${i + 1}.ts`);
      origin.set(file, `${block.file}:${block.line}`);
      const used = Object.entries(FREE).filter(
        ([name]) =>
          new RegExp(`\\b${name}\\b`).test(block.code) &&
          !new RegExp(`\\b(const|function|let)\\s+${name}\\b`).test(block.code),
      );
      writeFileSync(
        file,
        `${block.code.replaceAll("'./generated/", "'../generated/")}\n${used.map(([, d]) => d).join('\n')}\nexport {};\n`,
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
        paths: {
          ...runtimeSourcePaths,
          'cross-border-payments-toolkit': [path.join(ROOT, 'api/index.ts')],
        },
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
          `${origin.get(path.resolve(d.file?.fileName ?? ''))} (+${(d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line ?? 0) + 1}): ` +
          `${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(messages).toEqual([]);
  }, 120_000);
});
