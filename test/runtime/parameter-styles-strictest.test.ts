/**
 * The parameter-style modules type-check under @tsconfig/strictest (noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature, ...) as well as under strict:
 * the runtime ones land in users' projects, whatever their tsconfig.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './client/helpers/generated.js';

const FILES = [
  'packages/runtime/src/client/parameter-serializer.ts',
  'packages/runtime/src/client/primitive-parameters.ts',
  'packages/runtime/src/client/operation-match.ts',
  'packages/runtime/src/server/coerce.ts',
  'packages/runtime/src/server/param-values.ts',
  'packages/runtime/src/server/read-path.ts',
  'packages/runtime/src/server/read-query.ts',
  'packages/runtime/src/server/read-header-cookie.ts',
  'packages/runtime/src/server/request-parts.ts',
  'packages/runtime/src/server/route-table.ts',
  'generator/ir/parameter-style.ts',
  'generator/ir/operation-parts.ts',
].map((f) => path.join(ROOT, f));

describe('parameter styles under @tsconfig/strictest', () => {
  it('has no type errors in its own files', () => {
    const strictest = JSON.parse(
      readFileSync(path.join(ROOT, 'node_modules/@tsconfig/strictest/tsconfig.json'), 'utf8'),
    ) as { compilerOptions: Record<string, unknown> };
    const { options, errors } = ts.convertCompilerOptionsFromJson(
      {
        ...strictest.compilerOptions,
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        noEmit: true,
      },
      ROOT,
    );
    expect(errors).toEqual([]);
    const program = ts.createProgram(FILES, options);
    const own = new Set(FILES);
    const messages = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file !== undefined && own.has(path.resolve(d.file.fileName)))
      .map(
        (d) =>
          `${path.relative(ROOT, d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(messages).toEqual([]);
  });
});
