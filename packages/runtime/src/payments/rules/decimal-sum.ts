import { addDecimal, compareDecimal, formatDecimal, parseDecimal, type Decimal } from './decimal.js';
import { getAt, parsePointerPattern, toPointer } from '../../rules/pointer.js';
import type { RuleCheck, RuleHit } from '../../rules/types.js';

export interface DecimalSumParams {
  /** Array whose entries carry an amount object. */
  items: string;
  /** Amount object inside each entry (relative pointer). */
  itemAmount: string;
  /** The total amount object. */
  total: string;
  /** Reject values with more decimals than the currency's ISO 4217 minor unit. Default true. */
  minorUnits?: boolean;
}

/** ISO 4217 code → number of minor-unit digits (embedded at generate time). */
export type MinorUnitTable = Readonly<Record<string, number>>;

/**
 * Seed §Create payment (v3) rule 3: "the sum of entry amounts equals amount", with amounts as
 * {currency, value} (§Amount object). Sums are exact decimals; every entry must be in the total's
 * currency. An empty or missing list is the non-empty rule's concern, not this one's.
 */
export function createDecimalSum(params: DecimalSumParams, minor: MinorUnitTable = {}): RuleCheck {
  const items = parsePointerPattern(params.items);
  const itemAmount = parsePointerPattern(params.itemAmount);
  const total = parsePointerPattern(params.total);
  const totalPtr = toPointer(total);
  const itemsPtr = toPointer(items);
  const itemAmountPtr = toPointer(itemAmount);
  const checkScale = params.minorUnits !== false;
  const digitsOf = new Map(Object.entries(minor));

  /** Fast path for the common case (plain numbers, known currency, safe integers of minor
   * units): exact because v has at most d decimals iff round(v·10^d)/10^d === v. Anything else
   * falls through to the BigInt path, which also words the violations. */
  function quicklyValid(totalAmount: Record<string, unknown>, list: unknown[]): boolean {
    const currency = totalAmount['currency'];
    const digits = typeof currency === 'string' ? digitsOf.get(currency) : undefined;
    if (digits === undefined) return false;
    const factor = POW10[digits];
    const totalUnits = toUnits(totalAmount['value'], factor);
    if (totalUnits === undefined) return false;
    let sum = 0;
    for (let i = 0; i < list.length; i++) {
      const amount = getAt(list[i], itemAmount);
      if (!isObject(amount) || amount['currency'] !== currency) return false;
      const units = toUnits(amount['value'], factor);
      if (units === undefined) return false;
      sum += units;
    }
    return Number.isSafeInteger(sum) && sum === totalUnits;
  }

  return (data) => {
    const totalAmount = getAt(data, total);
    const list = getAt(data, items);
    if (!isObject(totalAmount) || !Array.isArray(list) || list.length === 0) return null;
    if (quicklyValid(totalAmount, list)) return null;
    let hits: RuleHit[] | null = null;
    const currency = totalAmount['currency'];
    const totalValue = readValue(totalAmount, currency, totalPtr);
    let sum: Decimal | undefined = { units: 0n, scale: 0 };
    for (let i = 0; i < list.length; i++) {
      const amount = getAt(list[i], itemAmount);
      if (!isObject(amount)) {
        sum = undefined;
        continue;
      }
      const at = `${itemsPtr}/${i}${itemAmountPtr}`;
      if (amount['currency'] !== currency) {
        (hits ??= []).push({
          pointer: `${at}/currency`,
          message:
            `${at}/currency must equal ${totalPtr}/currency ` +
            `${JSON.stringify(currency)} (got ${JSON.stringify(amount['currency'])})`,
        });
        sum = undefined;
      }
      const value = readValue(amount, amount['currency'], at);
      if (value === undefined) sum = undefined;
      else if (sum !== undefined) sum = addDecimal(sum, value);
    }
    if (sum !== undefined && totalValue !== undefined && compareDecimal(sum, totalValue) !== 0) {
      (hits ??= []).push({
        pointer: `${totalPtr}/value`,
        message:
          `sum of ${itemsPtr}/*${itemAmountPtr}/value (${formatDecimal(sum)}) ` +
          `must equal ${totalPtr}/value (${formatDecimal(totalValue)})`,
      });
    }
    return hits;

    function readValue(amount: Record<string, unknown>, cur: unknown, at: string): Decimal | undefined {
      const value = parseDecimal(amount['value']);
      if (value === undefined) {
        if (amount['value'] !== undefined)
          (hits ??= []).push({ pointer: `${at}/value`, message: `${at}/value must be a decimal number` });
        return undefined;
      }
      const digits = checkScale && typeof cur === 'string' ? digitsOf.get(cur) : undefined;
      if (digits !== undefined && value.scale > digits) {
        (hits ??= []).push({
          pointer: `${at}/value`,
          message: `${at}/value ${formatDecimal(value)} has more decimals than ${cur} allows (${digits}, ISO 4217)`,
        });
        return undefined;
      }
      return value;
    }
  };
}

const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000];

function toUnits(value: unknown, factor: number | undefined): number | undefined {
  if (typeof value !== 'number' || factor === undefined) return undefined;
  const units = Math.round(value * factor);
  return Number.isSafeInteger(units) && units / factor === value ? units : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
