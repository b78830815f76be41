/**
 * The fenced code blocks of README.md with their info string. A shell block names where it runs:
 * ```` ```sh clone ```` in a clone of this repository, ```` ```sh partner ```` in a partner's own
 * project that installed the packed tarballs, ```` ```sh reference ```` not run as written (a
 * synopsis of flags, or commands against the reader's own hosts and tools; the tests that run
 * each command say so in the tag's comment in README). The as-shipped tier
 * (test/shipped/as-shipped.slow.test.ts) runs the clone and partner blocks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../generator/helpers/compile-output.js';

export const SHELL_TAGS = ['clone', 'partner', 'reference'] as const;
export type ShellTag = (typeof SHELL_TAGS)[number];

export interface FencedBlock {
  /** The info string's first word (`sh`, `ts`, ...; '' for a bare fence). */
  lang: string;
  /** The info string's second word, the shell block's tag. */
  tag: string | undefined;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export function fencedBlocks(file = path.join(ROOT, 'README.md')): FencedBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(?:\s+(\S+))?\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ lang: open[1]!, tag: open[2], code: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return blocks;
}

export const shellBlocks = (tag?: ShellTag): FencedBlock[] =>
  fencedBlocks().filter((b) => b.lang === 'sh' && (tag === undefined || b.tag === tag));
