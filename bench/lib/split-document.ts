/**
 * A large multi-file description for the corpus, derived from a public single-file one: no npm
 * package ships a multi-file description of hundreds of files (the large ones, e.g. GitHub's,
 * Okta's, ship one bundled file), and nothing but the npm registry may be reached.
 *
 * The layout is the one `redocly split` writes (and the DigitalOcean description uses): a root
 * `openapi.yaml` whose `paths` entries are `$ref: paths/<path with / as @>.yaml`, one file per
 * path item and per webhook, one file per component under `components/<kind>/<name>.yaml`, and
 * every `#/components/...` reference rewritten to the file, relative to the file it is written in
 * (`../components/schemas/repository.yaml` from a path item, `./repository.yaml` between schemas).
 * Written here rather than by running `redocly split`: @redocly/cli lives in the optional peer
 * tools (`npm ci --prefix tools`), which a contributor's checkout and CI's corpus job do not
 * install, and its output would then change with its version; this is a pure function of the
 * source document.
 *
 * Besides whole-file references, a multi-file description often points into the middle of another
 * file (`../components/schemas/a.yaml#/properties/owner`). Where a schema inside one component is
 * written out identically inside a later one (the same JSON, so the same meaning), the later copy
 * becomes such a reference to the first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dump } from 'js-yaml';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface SplitResult {
  /** Absolute path of the root file (`<dir>/openapi.yaml`). */
  root: string;
  /** Files written, the root included. */
  files: number;
  /** References into the middle of another file (`file.yaml#/properties/...`). */
  intoFiles: number;
}

/** The smallest shared subschema (bytes of JSON) turned into a reference into another file: a
 * bare `{ type: string }` shared by chance is not what a writer factors out. */
const MIN_SHARED = 400;

export interface SplitOptions {
  /** Also list every component in the root (`components.schemas.x: { $ref: ./components/schemas/x.yaml }`),
   * the other common layout, which keeps each component's name. Default: false (redocly split's
   * layout: the root lists none; a bundler names each file's schema itself). */
  componentsInRoot?: boolean;
  /** Turn later copies of a shared subschema into references into the first. Default: true. */
  intoFiles?: boolean;
}

/** Writes `doc` (a single-file OpenAPI 3.x description, not modified) as a multi-file
 * description under `dir` (which should be empty). Deterministic: the same document gives the
 * same files, byte for byte. */
export function splitDocument(doc: Obj, dir: string, options: SplitOptions = {}): SplitResult {
  const source = structuredClone(doc);
  const files = new Map<string, unknown>(); // relative path -> content, before refs are rewritten
  const componentFile = new Map<string, string>(); // '#/components/kind/name' -> relative path
  const components = isObj(source.components) ? source.components : {};
  for (const [kind, entries] of Object.entries(components)) {
    // Security schemes are referenced by name, not by $ref: they stay in the root.
    if (kind === 'securitySchemes' || !isObj(entries)) continue;
    for (const [name, value] of Object.entries(entries)) {
      const file = uniqueFile(files, `components/${kind}/${fileName(name)}`);
      files.set(file, value);
      componentFile.set(`#/components/${kind}/${escapeToken(name)}`, file);
      if (options.componentsInRoot) entries[name] = { $ref: file };
      else delete entries[name];
    }
    if (!options.componentsInRoot) delete components[kind];
  }
  if (isObj(source.components) && Object.keys(source.components).length === 0) delete source.components;
  const intoFiles = options.intoFiles === false ? 0 : shareSubschemas(files);
  for (const key of ['paths', 'webhooks', 'x-webhooks'] as const) {
    const items = source[key];
    if (!isObj(items)) continue;
    const folder = key === 'paths' ? 'paths' : 'webhooks';
    for (const [name, item] of Object.entries(items)) {
      const file = uniqueFile(files, `${folder}/${fileName(key === 'paths' ? name.replace(/^\//, '') : name)}`);
      files.set(file, item);
      items[name] = { $ref: file };
    }
  }
  files.set('openapi.yaml', source);
  for (const [file, content] of files) {
    rewriteRefs(content, file, componentFile);
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, dump(content, { noRefs: true, lineWidth: -1 }));
  }
  return { root: path.join(dir, 'openapi.yaml'), files: files.size, intoFiles };
}

/** `redocly split`'s file names: a path's `/` becomes `@` (`repos@{owner}@{repo}`); anything a
 * file system may refuse becomes `_`. */
function fileName(name: string): string {
  return name.replace(/\//g, '@').replace(/[^A-Za-z0-9@{}._-]/g, '_') || '_';
}

/** Case-insensitive file systems would merge `Repo.yaml` and `repo.yaml`: the later gets `-2`. */
function uniqueFile(files: Map<string, unknown>, base: string): string {
  const taken = new Set([...files.keys()].map((f) => f.toLowerCase()));
  let file = `${base}.yaml`;
  for (let n = 2; taken.has(file.toLowerCase()); n++) file = `${base}-${n}.yaml`;
  return file;
}

/** Replaces a subschema of a component schema by a reference to the same subschema written
 * earlier inside another component schema; returns how many were replaced. Only a property's
 * schema is a candidate (found under `properties`), and only the first occurrence is a target. */
function shareSubschemas(files: Map<string, unknown>): number {
  const first = new Map<string, string>(); // JSON -> 'file#/pointer'
  let replaced = 0;
  for (const [file, content] of files) {
    if (!file.startsWith('components/schemas/')) continue;
    const visit = (node: unknown, pointer: string): void => {
      if (!isObj(node) || !isObj(node.properties)) return;
      for (const [name, sub] of Object.entries(node.properties)) {
        const at = `${pointer}/properties/${escapeToken(name)}`;
        if (!isObj(sub) || sub.$ref !== undefined) continue;
        const json = JSON.stringify(sub);
        const seen = json.length >= MIN_SHARED ? first.get(json) : undefined;
        if (seen !== undefined && !seen.startsWith(`${file}#`)) {
          node.properties[name] = { $ref: seen };
          replaced++;
          continue;
        }
        if (json.length >= MIN_SHARED && seen === undefined) first.set(json, `${file}#${at}`);
        visit(sub, at);
      }
    };
    visit(content, '');
  }
  return replaced;
}

/** Rewrites, in place, the `$ref`s in `content` (written in `file`) to relative file references:
 * `#/components/kind/name[/rest]` to the component's file (and `#/rest` inside it), and a
 * `file#/pointer` made by shareSubschemas to the same place relative to `file`. */
function rewriteRefs(content: unknown, file: string, componentFile: Map<string, string>): void {
  const from = path.posix.dirname(file);
  const relative = (to: string) => {
    const rel = path.posix.relative(from, to);
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  // Every `$ref` and discriminator mapping value, wherever it is written (an example value's
  // `$ref` too): what `redocly split` rewrites, so that what resolved in one file still resolves.
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    if (!isObj(node)) continue;
    if (typeof node.$ref === 'string') node.$ref = rewrite(node.$ref);
    const mapping = isObj(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isObj(mapping))
      for (const [k, v] of Object.entries(mapping))
        if (typeof v === 'string' && v.startsWith('#/')) mapping[k] = rewrite(v);
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value);
  }
  function rewrite(ref: string): string {
    if (!ref.startsWith('#/')) {
      // Already a file reference (paths/..., or a shared subschema's 'components/...#/pointer').
      const [target = '', fragment] = ref.split('#');
      return fragment === undefined ? relative(target) : `${relative(target)}#${fragment}`;
    }
    const m = /^(#\/components\/[^/]+\/[^/]+)(\/.*)?$/.exec(ref);
    const target = m?.[1] === undefined ? undefined : componentFile.get(m[1]);
    if (target === undefined) throw new Error(`split: cannot place the reference ${ref} (written in ${file})`);
    return m?.[2] === undefined ? relative(target) : `${relative(target)}#${m[2]}`;
  }
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
