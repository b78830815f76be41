/**
 * Handler stubs for `cbp generate --stubs DIR`: one file per operation answering 501 until it is
 * implemented, and `index.ts` wiring them into `Handlers`. The pipeline writes these into DIR
 * and never overwrites an existing file (generate.ts STUBS_EMITTER, output-files.ts writeStubs).
 */
import path from 'node:path';
import type { ApiModel } from '../../ir/model.js';
import type { Emitter, GeneratedFile } from '../../emitters/emitter.js';
import type { RenderFn } from '../../templates.js';
import { operationDoc } from '../../emitters/client-view.js';

/** `createPet` → `create-pet`; deduplicated so that no two ids share a file name. */
export function stubFileNames(ids: string[]): Map<string, string> {
  // `index` is the wiring file.
  const used = new Set<string>(['index']);
  const out = new Map<string, string>();
  for (const id of ids) {
    const base =
      id
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase() || 'operation';
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    out.set(id, name);
  }
  return out;
}

/** Import specifier from the stubs directory to a file of the generated directory. */
export function importFrom(stubsDir: string, outDir: string, file: string): string {
  const rel = path.relative(path.resolve(stubsDir), path.resolve(outDir, file)).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

export function renderStubs(
  model: ApiModel,
  render: RenderFn,
  dirs: { stubsDir: string; outDir: string },
): GeneratedFile[] {
  const names = stubFileNames(model.operations.map((op) => op.id));
  const serverImport = importFrom(dirs.stubsDir, dirs.outDir, 'server.js');
  const files: GeneratedFile[] = model.operations.map((op) => ({
    path: `${names.get(op.id)}.ts`,
    contents: render('stub', { id: op.id, doc: operationDoc(op), serverImport }),
  }));
  const operations = model.operations.map((op) => ({ id: op.id, file: `./${names.get(op.id)}.js` }));
  files.push({ path: 'index.ts', contents: render('stubs-index', { serverImport, operations }) });
  return files;
}

export const stubsEmitter: Emitter = {
  name: 'stubs',
  emit(ctx) {
    if (!ctx.config.stubs) return [];
    return renderStubs(ctx.model, ctx.render, { stubsDir: ctx.config.stubs, outDir: ctx.config.out });
  },
};
