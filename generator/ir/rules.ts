/**
 * `x-cbp-rules` (ARCHITECTURE.md, "Rules"): each rule is checked for shape here, once, so that
 * emitters, the mock and the runner can trust the model. A bad rule is E_RULE_INVALID with the
 * JSON pointer of the offending field.
 */
import { CbpError, toPointer } from '../../lib/errors.js';
import type { RuleDefinition } from './model.js';
import { isObj } from './refs.js';

const STATES = ['stateless', 'stateful', 'procedure'] as const;
const INS = ['body', 'params', 'query', 'response', 'webhook'] as const;

export function collectRules(
  value: unknown,
  at: Array<string | number>,
  target: string,
  file: string,
): RuleDefinition[] {
  if (value === undefined) return [];
  const fail = (message: string, path: Array<string | number>): never => {
    throw new CbpError('E_RULE_INVALID', message, { file, pointer: toPointer(path), rule: 'x-cbp-rules' });
  };
  if (!Array.isArray(value)) return fail('x-cbp-rules must be a list of rules', at);
  return value.map((raw, i) => {
    const here = [...at, i];
    if (!isObj(raw)) return fail('a rule must be an object', here);
    for (const key of ['id', 'title', 'source', 'keyword'] as const) {
      if (typeof raw[key] !== 'string' || raw[key] === '')
        fail(`rule field \`${key}\` must be a non-empty string`, [...here, key]);
    }
    if (!/^[A-Za-z0-9._-]+$/.test(raw.id as string))
      fail('rule `id` may only use letters, digits, `.`, `_` and `-`', [...here, 'id']);
    if (!/^[a-z][a-z0-9-]*$/.test(raw.keyword as string))
      fail('rule `keyword` must be kebab-case (it names a keyword module)', [...here, 'keyword']);
    if (!STATES.includes(raw.state as never))
      fail(`rule \`state\` must be one of ${STATES.join(', ')}`, [...here, 'state']);
    if (!INS.includes(raw.in as never)) fail(`rule \`in\` must be one of ${INS.join(', ')}`, [...here, 'in']);
    if (raw.params !== undefined && !isObj(raw.params)) fail('rule `params` must be an object', [...here, 'params']);
    if (raw.status !== undefined && typeof raw.status !== 'string' && !Number.isInteger(raw.status)) {
      fail('rule `status` must be a status code or a range like "4XX"', [...here, 'status']);
    }
    if (raw.assumption !== undefined && typeof raw.assumption !== 'string')
      fail('rule `assumption` must be a string', [...here, 'assumption']);
    const rule: RuleDefinition = {
      id: raw.id as string,
      title: raw.title as string,
      source: raw.source as string,
      state: raw.state as RuleDefinition['state'],
      in: raw.in as RuleDefinition['in'],
      keyword: raw.keyword as string,
      params: (raw.params as Record<string, unknown> | undefined) ?? {},
      target,
    };
    if (raw.status !== undefined) rule.status = String(raw.status);
    if (raw.assumption !== undefined) rule.assumption = raw.assumption as string;
    // `x-assumption` (spec/README.md): `{ id, note }` or a list of them; the first id names the rule's assumption.
    const tagged = [raw['x-assumption']].flat().find((a): a is { id: string } => isObj(a) && typeof a.id === 'string');
    if (rule.assumption === undefined && tagged) rule.assumption = tagged.id;
    return rule;
  });
}
