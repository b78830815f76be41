/**
 * The documentation holds together: every relative link of README.md and docs/ names a file that
 * exists (and an #anchor names a heading of that page, as GitHub derives anchors), and every
 * docs/ page is reachable from README.md by following links (directly or through docs/README.md).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../generator/helpers/compile-output.js';
import { docFiles } from './readme-blocks.js';

/** The text outside code fences and inline code, where a link is a link. */
function prose(text: string): string {
  return text
    .replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '')
    .split('\n')
    .map((line) => line.replace(/`[^`]*`/g, ''))
    .join('\n');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to '-', repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const outsideFences = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  for (const [, heading] of outsideFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

/** The relative links (and images) of one documentation file. */
function linksOf(file: string): Link[] {
  const text = prose(readFileSync(path.join(ROOT, file), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => ({ from: file, target }));
}

/** Where a link leads: the file relative to the root (and its anchor), or null when it is a folder. */
function resolve(link: Link): { file: string; anchor: string | undefined } {
  const [target, anchor] = link.target.split('#') as [string, string | undefined];
  const file = target === '' ? link.from : path.posix.normalize(path.posix.join(path.posix.dirname(link.from), target));
  return { file, anchor };
}

const files = docFiles();

describe('links of README.md and docs/', () => {
  test('there are pages and links to check', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(linksOf).length).toBeGreaterThan(100);
  });

  test('every relative link names an existing file, and every #anchor a heading of it', () => {
    const broken: string[] = [];
    for (const link of files.flatMap(linksOf)) {
      const { file, anchor } = resolve(link);
      const full = path.join(ROOT, file);
      if (file.startsWith('..') || !existsSync(full)) {
        broken.push(`${link.from}: ${link.target} (no such file)`);
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (!file.endsWith('.md') || statSync(full).isDirectory()) {
        broken.push(`${link.from}: ${link.target} (an anchor into a file without headings)`);
        continue;
      }
      if (!anchorsOf(readFileSync(full, 'utf8')).has(anchor))
        broken.push(`${link.from}: ${link.target} (no heading with that anchor)`);
    }
    expect(broken).toEqual([]);
  });

  test('every docs/ page is reachable from README.md', () => {
    const reached = new Set(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      const page = queue.shift()!;
      for (const link of linksOf(page)) {
        const { file } = resolve(link);
        if (
          file.endsWith('.md') &&
          file.startsWith('docs/') &&
          existsSync(path.join(ROOT, file)) &&
          !reached.has(file)
        ) {
          reached.add(file);
          queue.push(file);
        }
      }
    }
    expect(files.filter((f) => !reached.has(f))).toEqual([]);
  });

  test('the needs a newcomer asks for are one click from README.md', () => {
    // Install in my project, run in CI, write a driver, which exit code: each linked from README itself.
    const direct = new Set(linksOf('README.md').map((l) => resolve(l).file));
    for (const page of [
      'docs/getting-started/install.md',
      'docs/guides/ci.md',
      'docs/reference/driver-contract.md',
      'docs/reference/exit-codes.md',
    ])
      expect(direct.has(page), page).toBe(true);
  });

  test('the checker itself: a dead link and a missing anchor are found', () => {
    expect(anchorsOf('# Install in your project\n## `cbp generate`: types\n## Notes\n## Notes\n')).toEqual(
      new Set(['install-in-your-project', 'cbp-generate-types', 'notes', 'notes-1']),
    );
    expect(anchorsOf('```sh\n# not a heading\n```\n')).toEqual(new Set());
    expect(resolve({ from: 'docs/guides/ci.md', target: '../reference/cli.md#flags' })).toEqual({
      file: 'docs/reference/cli.md',
      anchor: 'flags',
    });
  });
});
