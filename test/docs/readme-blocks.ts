/**
 * The documentation (README.md and every page under docs/) and its fenced code blocks with their
 * info string. A shell block names where it runs: ```` ```sh clone ```` in a clone of this
 * repository, ```` ```sh partner ```` in a partner's own project that installed the packed
 * tarballs, ```` ```sh reference ```` not run as written (a synopsis of flags, or commands against
 * the reader's own hosts and tools). The as-shipped tier (test/shipped/as-shipped.slow.test.ts)
 * runs the clone and partner blocks. A TypeScript block (```` ```ts ````) compiles as written
 * (readme-snippets.test.ts); ```` ```ts fragment ```` marks the rare one that cannot.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../generator/helpers/compile-output.js';

export const SHELL_TAGS = ['clone', 'partner', 'reference'] as const;
export type ShellTag = (typeof SHELL_TAGS)[number];

export interface FencedBlock {
  /** The file, relative to the repository root (`README.md`, `docs/guides/ci.md`). */
  file: string;
  /** The info string's first word (`sh`, `ts`, ...; '' for a bare fence). */
  lang: string;
  /** The info string's second word, the shell block's tag. */
  tag: string | undefined;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** README.md first (its clone blocks start the mock the later ones use), then docs/ in path order. */
export function docFiles(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) pages.push(rel);
    }
  };
  walk('docs');
  return ['README.md', ...pages.sort()];
}

/** The fenced blocks of one file (relative to the root), or of every documentation file. */
export function fencedBlocks(file?: string): FencedBlock[] {
  if (file === undefined) return docFiles().flatMap((f) => fencedBlocks(f));
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(?:\s+(\S+))?\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const end = lines.indexOf('```', i + 1);
    if (end === -1) throw new Error(`${file}:${i + 1}: a code fence that is never closed`);
    blocks.push({ file, lang: open[1]!, tag: open[2], code: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return blocks;
}

export const shellBlocks = (tag?: ShellTag): FencedBlock[] =>
  fencedBlocks().filter((b) => b.lang === 'sh' && (tag === undefined || b.tag === tag));
