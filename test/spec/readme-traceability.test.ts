import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSeed, specDir } from './spec-files.js';

/** spec/README.md maps every seed statement: one row per statement, quoting the seed's words. */
const readme = readFileSync(`${specDir}README.md`, 'utf8');
const rows = [...readme.matchAll(/^\| (S\d{3}) \| “([^”]+)” \| ([^|]+) \| ([^|]*) \|$/gm)].map((m) => ({ id: m[1]!, quote: m[2]!, home: m[3]!.trim() }));
const seed = readSeed();

/** Statement lines: not blank, not a heading, not a table header or separator, not a lead-in ending in ':'. */
function statementLines(text: string): string[] {
  const lines = text.split('\n');
  return lines.filter((line, i) => {
    if (line.trim() === '' || line.startsWith('#') || line.startsWith('|---') || line.trimEnd().endsWith(':')) return false;
    return !(line.startsWith('|') && lines[i + 1]?.startsWith('|---'));
  });
}

describe('spec/README.md traceability', () => {
  it('has one numbered row per statement, each naming a home in spec/', () => {
    expect(rows.length).toBeGreaterThanOrEqual(161);
    expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => `S${String(i + 1).padStart(3, '0')}`));
    for (const r of rows) expect(r.home, r.id).toMatch(/`[^`]+`/);
  });

  it.skipIf(seed === undefined)('quotes the seed word for word', () => {
    for (const r of rows) expect(seed!.includes(r.quote), `${r.id}: ${r.quote}`).toBe(true);
  });

  it.skipIf(seed === undefined)('leaves no statement line of the seed without a row', () => {
    const missing = statementLines(seed!).filter((line) => !rows.some((r) => line.includes(r.quote)));
    expect(missing).toEqual([]);
  });

  it.skipIf(seed === undefined)('notices a statement line nobody maps', () => {
    const extended = `${seed}\nA brand-new statement the README does not quote.\n`;
    expect(statementLines(extended).filter((line) => !rows.some((r) => line.includes(r.quote)))).toHaveLength(1);
  });
});
