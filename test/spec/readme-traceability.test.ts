import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openapiPath, readSeed, readYaml, specDir } from './spec-files.js';

/** spec/README.md maps every seed statement: one row per statement, quoting the seed's words. */
const readme = readFileSync(`${specDir}README.md`, 'utf8');
const rows = [...readme.matchAll(/^\| (S\d{3}) \| “([^”]+)” \| ([^|]+) \| ([^|]*) \|$/gm)].map((m) => ({
  id: m[1]!,
  quote: m[2]!,
  home: m[3]!.trim(),
}));
const seed = readSeed();

/** Statement lines: not blank, not a heading, not a table header or separator, not a lead-in ending in ':'. */
function statementLines(text: string): string[] {
  const lines = text.split('\n');
  return lines.filter((line, i) => {
    if (line.trim() === '' || line.startsWith('#') || line.startsWith('|---') || line.trimEnd().endsWith(':'))
      return false;
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

  it.skipIf(seed === undefined)(
    'maps each statement of a line, not just the line: every sentence is quoted by a row',
    () => {
      // The one sentence about the document's own layout says nothing about the API.
      const aboutTheDocument = [
        'All parts appear in the order: what the service does, resources, ' +
          'states, endpoints, authentication, events, errors, limits, versioning.',
      ];
      const sentences = statementLines(seed!)
        .filter((line) => !line.startsWith('|'))
        .flatMap((line) => line.replace(/^(- |\d+\. )/, '').split(/(?<=[.;])\s+(?=[A-Z(])/))
        .map((x) => x.trim())
        .filter((x) => x.length > 3 && !aboutTheDocument.includes(x));
      const unmapped = sentences.filter(
        (x) => !rows.some((r) => x.includes(r.quote) || r.quote.includes(x.replace(/\.$/, ''))),
      );
      expect(unmapped).toEqual([]);
    },
  );

  it('every component schema points back to its seed section and README rows (x-cbp-seed)', () => {
    const ids = new Set(rows.map((r) => r.id));
    for (const [name, schema] of Object.entries<any>(readYaml(openapiPath).components.schemas)) {
      expect(schema['x-cbp-seed'], name).toMatch(/\(S\d{3}/);
      for (const [, from, to] of String(schema['x-cbp-seed']).matchAll(/S(\d{3})(?:-S(\d{3}))?/g)) {
        expect(ids.has(`S${from}`), `${name} S${from}`).toBe(true);
        if (to) expect(ids.has(`S${to}`), `${name} S${to}`).toBe(true);
      }
    }
  });

  it.skipIf(seed === undefined)('notices a statement line nobody maps', () => {
    const extended = `${seed}\nA brand-new statement the README does not quote.\n`;
    expect(statementLines(extended).filter((line) => !rows.some((r) => line.includes(r.quote)))).toHaveLength(1);
  });
});
