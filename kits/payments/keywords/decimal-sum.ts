import {
  addDecimal,
  createDecimalSum,
  type DecimalSumParams,
  formatDecimal,
  parseDecimal,
} from 'cross-border-payments-runtime/payments';
import {
  defineRuleKeyword,
  getAtPattern as getAt,
  type Mutation,
  parsePointerPattern,
  POINTER,
  toPointer,
  withValue,
} from 'cross-border-payments-runtime/validators';
import { stringify } from 'cross-border-payments-runtime/validators/ajv';
import { minorUnitTable } from './minor-units.js';

export const decimalSum = defineRuleKeyword<DecimalSumParams>({
  name: 'decimal-sum',
  factory: 'createDecimalSum',
  create: (params, table) => createDecimalSum(params, (table as Record<string, number>) ?? minorUnitTable()),
  extraArgs: () => [minorUnitTable()],
  paramsSchema: {
    type: 'object',
    required: ['items', 'itemAmount', 'total'],
    properties: { items: POINTER, itemAmount: POINTER, total: POINTER, minorUnits: { type: 'boolean' } },
    additionalProperties: false,
  },
  code(k) {
    const { _, gen, data, params } = k;
    // Plain numbers in a known currency, summed as safe integers of minor units: exact because
    // v has at most d decimals iff round(v·10^d)/10^d === v (see the runtime fast path).
    if (params.minorUnits === false) return undefined;
    const table = minorUnitTable();
    const digits = gen.scopeValue('obj', {
      ref: new Map(Object.entries(table)),
      code: _`new Map(Object.entries(${stringify(table)}))`,
    });
    const ok = gen.let('cbpOk', true);
    const total = k.get(data, params.total);
    const list = k.get(data, params.items);
    gen.if(_`${total} !== null && typeof ${total} == "object" && Array.isArray(${list}) && ${list}.length > 0`, () => {
      gen.assign(ok, false);
      const d = gen.const('cbpDigits', _`${digits}.get(${total}.currency)`);
      gen.if(_`${d} !== undefined && typeof ${total}.value == "number"`, () => {
        const f = gen.const('cbpFactor', _`10 ** ${d}`);
        const tu = gen.const('cbpTotal', _`Math.round(${total}.value * ${f})`);
        gen.if(_`${tu} / ${f} === ${total}.value && Number.isSafeInteger(${tu})`, () => {
          const sum = gen.let('cbpSum', 0);
          const good = gen.let('cbpGood', true);
          gen.forOf('cbpEntry', list, (entry) => {
            const a = k.get(entry, params.itemAmount);
            gen.if(
              _`${a} === null || typeof ${a} != "object" || ${a}.currency !== ${total}.currency || typeof ${a}.value != "number"`,
              () => {
                gen.assign(good, false);
                gen.break();
              },
            );
            const u = gen.const('cbpUnits', _`Math.round(${a}.value * ${f})`);
            gen.if(_`${u} / ${f} !== ${a}.value`, () => {
              gen.assign(good, false);
              gen.break();
            });
            gen.assign(sum, _`${sum} + ${u}`);
          });
          gen.assign(ok, _`${good} && ${sum} === ${tu} && Number.isSafeInteger(${sum})`);
        });
      });
    });
    return ok;
  },
  violate(valid, params) {
    const list = getAt(valid, parsePointerPattern(params.items));
    const totalPtr = toPointer(parsePointerPattern(params.total));
    const total = getAt(valid, parsePointerPattern(params.total)) as
      | { currency?: unknown; value?: unknown }
      | undefined;
    if (!Array.isArray(list) || list.length === 0 || total === undefined || typeof total.currency !== 'string')
      return [];
    const table = minorUnitTable();
    const digits = table[total.currency] ?? 2;
    const item0 = `${params.items}/0${params.itemAmount}`;
    const item0Value = getAt(valid, parsePointerPattern(`${item0}/value`));
    const out: Mutation[] = [];
    const bumped = bump(item0Value, digits);
    if (bumped !== undefined) {
      out.push({
        value: withValue(valid, `${item0}/value`, bumped),
        pointer: `${totalPtr}/value`,
        description: 'one recipient amount off by one minor unit',
      });
    }
    const totalBumped = bump(total.value, digits);
    if (totalBumped !== undefined) {
      out.push({
        value: withValue(valid, `${totalPtr}/value`, totalBumped),
        pointer: `${totalPtr}/value`,
        description: 'total off by one minor unit',
      });
    }
    const other = Object.keys(table).find((c) => c !== total.currency && table[c] === digits);
    if (other !== undefined) {
      out.push({
        value: withValue(valid, `${item0}/currency`, other),
        pointer: `${item0}/currency`,
        description: `one recipient amount in ${other}`,
      });
    }
    if (params.minorUnits !== false && table[total.currency] !== undefined && digits < 6) {
      const finer = bump(item0Value, digits + 1);
      const finerTotal = bump(total.value, digits + 1);
      if (finer !== undefined && finerTotal !== undefined) {
        const v = withValue(withValue(valid, `${item0}/value`, finer), `${totalPtr}/value`, finerTotal);
        out.push({ value: v, pointer: `${item0}/value`, description: `more decimals than ${total.currency} allows` });
      }
    }
    return out;
  },
});

/** value + 10^-digits, exactly, as a JSON number (or a string if the value was a string). */
function bump(value: unknown, digits: number): number | string | undefined {
  const d = parseDecimal(value);
  if (d === undefined) return undefined;
  const text = formatDecimal(addDecimal(d, { units: 1n, scale: digits }));
  if (typeof value === 'string') return text;
  const n = Number(text);
  return parseDecimal(n) !== undefined && formatDecimal(parseDecimal(n)!) === formatDecimal(parseDecimal(text)!)
    ? n
    : undefined;
}
