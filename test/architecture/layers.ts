/**
 * The layer rules of the repository, in ONE place: which part may import which. ARCHITECTURE.md
 * shows the same table (its `layers` block); layers.test.ts checks both the code and the document.
 * A part is a top-level folder, except conformance/, whose engine must not know its suites, and
 * packages/runtime/ (the runtime package), whose payments/ folder is the payments kit's runtime.
 * Other parts import the runtime package by its named entries (`cross-border-payments-runtime/server`,
 * barrels in packages/runtime/src/entries/), which count as an edge to `runtime` (or
 * `runtime/payments` for the payments entries) like a relative import does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** part → the parts it may import (besides itself). Order: top of the stack first. */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  cli: [
    'api',
    'diff',
    'conformance/suites',
    'conformance/reporters',
    'conformance/engine',
    'sandbox',
    'generator',
    'kits',
    'lib',
  ],
  api: ['diff', 'conformance/suites', 'conformance/engine', 'sandbox', 'generator', 'kits', 'runtime/payments', 'lib'],
  diff: ['generator', 'kits', 'lib'],
  'conformance/suites': ['conformance/engine', 'generated', 'generator', 'kits', 'lib'],
  'conformance/reporters': ['conformance/engine', 'lib'],
  'conformance/engine': ['lib'],
  sandbox: ['generated', 'kits', 'runtime', 'lib'],
  kits: ['generator', 'runtime/payments', 'runtime', 'lib'],
  generator: ['runtime', 'lib'],
  generated: [],
  'runtime/payments': ['runtime'],
  runtime: [],
  lib: ['runtime'],
};

/** The table's edges no import uses (a permission no code needs is a hole in the table). */
export function unusedEdges(edges: readonly Edge[]): string[] {
  const used = new Set(edges.map((e) => `${e.from} -> ${e.to}`));
  return Object.entries(LAYERS).flatMap(([from, tos]) =>
    tos.map((to) => `${from} -> ${to}`).filter((e) => !used.has(e)),
  );
}

/** Imports that break the table today, each with the reason and where it is going. Keep it short. */
export const KNOWN_EXCEPTIONS: ReadonlyArray<{ from: string; to: string; why: string }> = [];

/** The folders whose imports are checked (those that exist). */
export const CHECKED_ROOTS = [
  'cli',
  'api',
  'diff',
  'conformance',
  'sandbox',
  'generator',
  'packages/runtime/src',
  'lib',
  'kits',
];

const RUNTIME_DIR = 'packages/runtime/src/';
const RUNTIME_NAME = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../packages/runtime/package.json'), 'utf8')) as {
    name: string;
  }
).name;

export interface Edge {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

/** The part a repository path belongs to, or undefined outside every part. */
export function partOf(file: string): string | undefined {
  if (file.startsWith(RUNTIME_DIR))
    return file.startsWith(`${RUNTIME_DIR}payments/`) || file.startsWith(`${RUNTIME_DIR}entries/payments/`)
      ? 'runtime/payments'
      : 'runtime';
  const [top, second] = file.split('/');
  if (top === 'conformance')
    return second && ['engine', 'reporters', 'suites'].includes(second) ? `conformance/${second}` : 'conformance';
  return top in LAYERS ? top : undefined;
}

function sourceFiles(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|mts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.includes('node_modules/'));
}

/** Every relative import (static, dynamic, re-export, type-only) of the checked folders, as part → part edges. */
export function repositoryEdges(root: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of CHECKED_ROOTS.flatMap((dir) => sourceFiles(root, dir))) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const { fileName: specifier } of info.importedFiles) {
      // The runtime package by name: the same edge as a relative import of its sources.
      const bare = specifier.startsWith(`${RUNTIME_NAME}/`)
        ? `${RUNTIME_DIR}entries/${specifier.slice(RUNTIME_NAME.length + 1)}/index.ts`
        : undefined;
      if (!specifier.startsWith('.') && bare === undefined) continue;
      const target = bare ?? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      edges.push({
        file,
        specifier,
        from: partOf(file) ?? file.split('/')[0],
        to: partOf(target) ?? target.split('/')[0],
      });
    }
  }
  return edges;
}

const isKnownException = (e: Edge) => KNOWN_EXCEPTIONS.some((x) => x.from === e.file && x.to === e.to);

/** Edges the table does not allow (and no known exception covers). */
export function violations(edges: readonly Edge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    if (e.from === e.to) continue;
    const allowed = LAYERS[e.from];
    if (allowed?.includes(e.to)) continue;
    if (isKnownException(e)) continue;
    const why = allowed
      ? `${e.from} may import only ${allowed.join(', ') || 'nothing outside itself'}`
      : `${e.from} is not a layer (ARCHITECTURE.md)`;
    out.push(`${e.file}: '${e.specifier}' crosses ${e.from} -> ${e.to} (${why})`);
  }
  return out;
}

/** Cycles between top-level folders (whatever the table says; known exceptions aside), each as a path a -> b -> a. */
export function folderCycles(edges: readonly Edge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges.filter((x) => !isKnownException(x))) {
    const [a, b] = [e.from.split('/')[0], e.to.split('/')[0]];
    if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const cycles: string[] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === trail[0]) cycles.push([...trail, next].join(' -> '));
      else if (!trail.includes(next) && next > trail[0]) walk(next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return cycles;
}

/** The table as ARCHITECTURE.md writes it: one `part -> a, b, c` line per part. */
export function renderTable(): string {
  return Object.entries(LAYERS)
    .map(([part, allowed]) => `${part} -> ${allowed.join(', ') || '(nothing)'}`)
    .join('\n');
}
