/**
 * ISO 4217 minor units (0 for JPY/KRW, 3 for BHD/KWD/JOD/OMR/TND, ...), read from the
 * currency-codes package at generate time and embedded in the emitted validators, so generated
 * code does not depend on it at run time.
 */
import { createRequire } from 'node:module';
import type { MinorUnitTable } from 'cross-border-payments-runtime/payments';

/** Codes whose minor unit ISO 4217 lists as "N.A." (precious metals, funds, testing); the
 * package reports 0 for them, which would wrongly reject decimals. */
const NOT_APPLICABLE = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

let table: MinorUnitTable | undefined;

export function minorUnitTable(): MinorUnitTable {
  if (table !== undefined) return table;
  const require = createRequire(import.meta.url);
  const data = (require('currency-codes') as { data: Array<{ code: string; digits: number }> }).data;
  const entries = data
    .filter((c) => !NOT_APPLICABLE.has(c.code) && Number.isInteger(c.digits))
    .map((c) => [c.code, c.digits] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  table = Object.freeze(Object.fromEntries(entries));
  return table;
}
