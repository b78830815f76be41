/** The coverage lines every report ends with: n/N per line, then what was not covered. */
import type { CoverageLine } from '../engine/types.js';

export function coverageLines(lines: readonly CoverageLine[]): string[] {
  const out = ['coverage:'];
  for (const l of lines) {
    if (l.total) {
      out.push(`  ${l.title} ${l.covered.length}/${l.total.length}`);
      const missing = l.total.filter((x) => !l.covered.includes(x));
      if (missing.length > 0) out.push(`    not covered: ${missing.join(', ')}`);
    } else {
      const items = l.covered.map((x) => (l.counts?.[x] !== undefined ? `${x} ×${l.counts[x]}` : x));
      out.push(`  ${l.title}: ${items.length > 0 ? items.join(', ') : 'none'}`);
    }
  }
  return out;
}
