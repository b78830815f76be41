/**
 * openapi-typescript resolves a document with @redocly/openapi-core, which looks every key up in
 * plain objects of node types (`type.properties[key]`): a key named like most Object.prototype
 * methods (`valueOf`, `hasOwnProperty`, ...) finds that method, calls it as a type factory and
 * throws ("Cannot convert undefined or null to object"). Such keys are valid in a document
 * (schema names, property names), so openapi-typescript is given a copy where each of these
 * names is a placeholder, and its output gets the names back.
 */
type Obj = Record<string, unknown>;

/** The Object.prototype members whose call as a factory throws (found by trying each one). */
const THROWING = [
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'valueOf',
];

const NAMES: ReadonlySet<string> = new Set(THROWING);
const IN_POINTER = new RegExp(`(?:^|/)(?:${THROWING.join('|')})(?:/|$)`);

/** Whether any key, string or `/` segment of a string is one of the names: a walk without
 * allocations beyond its stack, several times cheaper than JSON.stringify on a large document. */
function mentionsAny(root: unknown): boolean {
  const stack: unknown[] = [root];
  for (let node = stack.pop(); stack.length > 0 || node !== undefined; node = stack.pop()) {
    if (typeof node === 'string') {
      if (NAMES.has(node) || (node.includes('/') && IN_POINTER.test(node))) return true;
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (NAMES.has(key)) return true;
        stack.push(value);
      }
    }
  }
  return false;
}

export interface MaskedDocument {
  document: Obj;
  /** The names back in text written from the masked document. */
  unmask(text: string): string;
}

/** A copy of `document` where every key, string value and `/`-separated segment of a string equal to
 * one of the names is a placeholder. A document without them is returned as is. */
export function maskPrototypeKeys(document: Obj): MaskedDocument {
  if (!mentionsAny(document)) return { document, unmask: (t) => t };
  const text = JSON.stringify(document);
  const present = THROWING.filter((name) => text.includes(`"${name}"`) || text.includes(`/${name}`));
  // A prefix the document does not contain, so that unmasking touches placeholders only.
  let prefix = 'cbpProtoKey';
  while (text.includes(prefix)) prefix += 'X';
  const placeholders = new Map(present.map((name, i) => [name, `${prefix}${i}`]));
  const swap = (s: string) => placeholders.get(s) ?? s;
  // Per `/` segment: `$ref`s and discriminator mappings name schemas inside JSON pointers.
  const swapSegments = (s: string) => (s.includes('/') ? s.split('/').map(swap).join('/') : swap(s));
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') return swapSegments(node);
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: Obj = {};
    for (const [key, value] of Object.entries(node)) {
      Object.defineProperty(out, swap(key), {
        value: visit(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const back = new Map([...placeholders].map(([name, placeholder]) => [placeholder, name]));
  const pattern = new RegExp(`${prefix}\\d+`, 'g');
  return { document: visit(document) as Obj, unmask: (t) => t.replace(pattern, (p) => back.get(p) ?? p) };
}
