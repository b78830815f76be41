// Module hooks that let a child `node` process run this repository's TypeScript sources (tests
// only: vitest transpiles in-process, a SIGKILLed child needs its own). Relative `.js` imports
// resolve to the `.ts` file beside them, and the runtime package's modules to its sources (as
// vitest's aliases do); `.ts` files are transpiled with the project's typescript.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const RUNTIME = 'cross-border-payments-runtime/';
const RUNTIME_SRC = new URL('../../../../../packages/runtime/src/', import.meta.url);

export async function resolve(specifier, context, next) {
  // The runtime package's named entries (`<runtime>/payments/webhooks`): their source barrels.
  if (specifier.startsWith(RUNTIME)) {
    const url = new URL(`entries/${specifier.slice(RUNTIME.length)}/index.ts`, RUNTIME_SRC);
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true, format: 'module' };
  }
  if ((specifier.startsWith('.') || specifier.startsWith('file:')) && specifier.endsWith('.js') && context.parentURL) {
    const url = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(url)) && !existsSync(fileURLToPath(new URL(specifier, context.parentURL)))) {
      return { url: url.href, shortCircuit: true, format: 'module' };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const out = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
