import { describe, expect, it } from 'vitest';
import { CbpError } from '../../../lib/errors.js';
import { checkStatefulRule, checkStatelessRule, vocabularyOf } from '../../../generator/validation/rule-checks.js';
import { plugins } from '../../../api/plugins.js';
import { corePlugins } from '../../../generator/plugins/index.js';
import type { RuleDefinition } from '../../../generator/ir/model.js';

const rule = (over: Partial<RuleDefinition>): RuleDefinition => ({
  id: 'x.rule',
  title: 't',
  source: 's',
  state: 'stateless',
  in: 'body',
  keyword: 'non-empty',
  params: { at: '/a' },
  target: 'createThing',
  ...over,
});

/** The vocabulary of a generation with every plugin, and of the generic core alone (from the full registry). */
const all = vocabularyOf(plugins);
const core = vocabularyOf(corePlugins, plugins);

function error(fn: () => void): CbpError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CbpError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('rule checks at generate time', () => {
  it('accepts a well-formed rule', () => {
    expect(() => checkStatelessRule(rule({}), all)).not.toThrow();
    expect(() =>
      checkStatefulRule(rule({ state: 'stateful', keyword: 'quote-usable', params: { quote: '/q' } }), all),
    ).not.toThrow();
  });

  it('names an unknown keyword and lists the known ones', () => {
    const e = error(() => checkStatelessRule(rule({ keyword: 'no-such' }), all));
    expect(e.code).toBe('E_RULE_INVALID');
    expect(e.message).toBe('rule x.rule (on createThing): no stateless keyword "no-such"');
    expect(e.details.hint).toContain('decimal-sum');
    expect(error(() => checkStatefulRule(rule({ state: 'stateful', keyword: 'nope' }), all)).details.hint).toContain(
      'quote-usable',
    );
  });

  it('points at the bad parameter', () => {
    const e = error(() =>
      checkStatelessRule(rule({ keyword: 'string-limits', params: { at: '/a', maxLength: 'ten' } }), all),
    );
    expect(e.message).toBe('rule x.rule (on createThing): params/maxLength must be integer');
    expect(error(() => checkStatelessRule(rule({ params: { at: 'a' } }), all)).message).toContain('params/at');
  });

  it('knows only the keywords of the selected plugins: without payments, decimal-sum is unknown', () => {
    const e = error(() =>
      checkStatelessRule(
        rule({ keyword: 'decimal-sum', params: { items: '/a', itemAmount: '/b', total: '/c' } }),
        core,
      ),
    );
    expect(e.message).toContain('no stateless keyword "decimal-sum"');
    // The hint names the registry's plugin that defines it (the generator itself names no kit).
    expect(e.details.hint).toContain('(plugin payments defines it: select it)');
    const stateful = error(() => checkStatefulRule(rule({ state: 'stateful', keyword: 'quote-usable' }), core));
    expect(stateful.details.hint).toBe('no selected plugin defines such rules (plugin payments defines it: select it)');
  });
});
