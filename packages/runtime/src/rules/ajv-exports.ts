/**
 * Every value of ajv the runtime and the generator use, from this one module. ajv ships CommonJS
 * only, and a bundler wraps CommonJS in helpers of its own: esbuild puts them in a chunk that every
 * chunk of a page imports, the page's first one included, even though only the lazy validators
 * chunk uses them (its linker places its helpers by file-level reachability). So the runtime
 * package's build replaces this module's compiled form (dist/rules/ajv-exports.js) by an ES module
 * bundle of the same exports (scripts/bundle-ajv.mjs, ajv's licence and its dependencies' kept
 * in it), and a page that never validates loads no helper of ajv's. From the sources (tests,
 * `--runtime copy`) it is ajv itself. One module for all: ajv's code generation checks its own
 * classes (`instanceof Name`), so a keyword's code and the ajv instance that compiles it must come
 * from one copy.
 */
import standaloneModule from 'ajv/dist/standalone/index.js';

export { _, Ajv, Name, stringify } from 'ajv';
export { Ajv2020 } from 'ajv/dist/2020.js';

/** ajv's standalone code generator (its CommonJS module is the function, with itself as `default`). */
export const standaloneCode: typeof standaloneModule.default = standaloneModule.default ?? standaloneModule;
