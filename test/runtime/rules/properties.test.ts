/**
 * Property-based tests over the validators generated from spec/openapi.yaml + the rules overlay:
 * valid payment requests always pass; every violate() mutation of a stateless rule is reported
 * by exactly that rule; stateful rules report their mutations with a truthful context and are
 * "not checked" without one.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleKeywordsByName } from '../../../kits/payments/keywords/index.js';
import { minorUnitTable } from '../../../kits/payments/keywords/minor-units.js';
import { formatDecimal, statefulRules } from 'cross-border-payments-runtime/payments';
import type { ValidationOutcome } from 'cross-border-payments-runtime/client';
import type { PaymentsRuleContext as RuleContext } from '../../../packages/runtime/src/payments/stateful-rules/context.js';
import { CREATE_PAYMENT_STATEFUL } from './fixtures.js';
import { generateValidators, writeOut } from './gen-helper.js';
import { removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

interface Api {
  validateRequest(op: string, req: unknown): ValidationOutcome;
  checkStatefulRules(op: string, req: unknown, ctx?: RuleContext): Promise<ValidationOutcome>;
}
interface Rule {
  id: string;
  state: string;
  keyword: string;
  params: any;
  target: string;
}

let api: Api;
let rules: Rule[];
const params = { customer_id: 'cust-1' };

beforeAll(async () => {
  const dir = writeOut(await generateValidators(), 'properties');
  api = await import(pathToFileURL(join(dir, 'validators.ts')).href);
  rules = (await import(pathToFileURL(join(dir, 'rules.ts')).href)).rules;
});

const table = minorUnitTable();
const CURRENCIES = ['GBP', 'USD', 'EUR', 'JPY', 'KRW', 'BHD', 'KWD', 'TND', 'CHF'];
const purpose = fc.oneof(
  fc.constantFrom('PROPERTY_PURCHASE', 'BILL_PAYMENTS'),
  fc.stringMatching(/^[A-Z][A-Z0-9_]{0,20}$/),
);
const ref = fc.string({ minLength: 1, maxLength: 36 });

const validPayment = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    units: fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
    purpose,
    recipientPurposes: fc.array(fc.option(purpose, { nil: undefined }), { minLength: 8, maxLength: 8 }),
    thirdParty: fc.option(fc.record({ ref, customerRef: ref }), { nil: undefined }),
    ownRef: fc.option(ref, { nil: undefined }),
    quote: fc.option(fc.string({ minLength: 1, maxLength: 10 }), { nil: undefined }),
  })
  .map((g) => {
    const scale = table[g.currency];
    const money = (u: number) => Number(formatDecimal({ units: BigInt(u), scale }));
    const body: Record<string, unknown> = {
      purpose_of_transaction: g.purpose,
      amount: { currency: g.currency, value: money(g.units.reduce((a, b) => a + b, 0)) },
      recipient_details: g.units.map((u, i) => ({
        recipient_id: `r-${i}`,
        amount: { currency: g.currency, value: money(u) },
        ...(g.recipientPurposes[i] ? { purpose_of_transaction: g.recipientPurposes[i] } : {}),
      })),
    };
    if (g.thirdParty)
      Object.assign(body, {
        is_third_party_payment: true,
        client_reference_id: g.thirdParty.ref,
        client_customer_ref: g.thirdParty.customerRef,
      });
    else if (g.ownRef !== undefined) body.client_reference_id = g.ownRef;
    if (g.quote !== undefined) body.quote_id = g.quote;
    return body;
  });

/** A context that knows exactly what the body refers to. */
const FAR = '2999-01-01T00:00:00Z';

function truthfulContext(body: Record<string, unknown>): RuleContext {
  return {
    needsConversion: () => body.quote_id !== undefined,
    getQuote: (_c, id) =>
      id === body.quote_id ? { quoteId: id, status: 'active', expiresAt: '2999-01-01T00:00:00Z' } : undefined,
    getThirdParty: (_c, r) => (r === body.client_customer_ref ? { clientCustomerRef: r } : undefined),
    getRecipient: (_c, id) => (/^r-\d+$/.test(id) ? { recipientId: id, status: 'active' } : undefined),
    isClientReferenceUsed: () => false,
    hasFailedRecipientCheck: () => false,
    now: () => Date.parse('2026-01-01T00:00:00Z'),
  };
}

describe('properties of the generated payment validators', () => {
  it('valid payment requests always pass', () => {
    fc.assert(
      fc.property(validPayment, (body) => {
        const out = api.validateRequest('createPayment', { params, body });
        expect(out.violations).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('every violate() mutation is reported by exactly that rule', () => {
    const stateless = rules.filter((r) => r.target === 'createPayment' && r.state === 'stateless');
    // The purpose, reference-length and non-empty constraints are schema keywords (one rule, one check).
    expect(stateless.map((r) => r.id).sort()).toEqual(['payment.recipient-sum', 'payment.third-party-fields']);
    const seen = new Set<string>();
    fc.assert(
      fc.property(validPayment, (body) => {
        for (const rule of stateless) {
          for (const m of ruleKeywordsByName.get(rule.keyword)!.violate(body, rule.params)) {
            const out = api.validateRequest('createPayment', { params, body: m.value });
            const ids = new Set(out.violations.map((v) => v.rule));
            expect([...ids], `${rule.id}: ${m.description}`).toEqual([rule.id]);
            expect(
              out.violations.map((v) => v.pointer),
              m.description,
            ).toContain(m.pointer);
            seen.add(rule.id);
          }
        }
      }),
      { numRuns: 150 },
    );
    expect(seen.size).toBe(stateless.length);
  });

  it('virtual account: the vban_country mutation is reported by its rule only', () => {
    const rule = rules.find((r) => r.id === 'virtual-account.vban-country')!;
    fc.assert(
      fc.property(
        fc.constantFrom('EUR', 'GBP', 'USD', 'CHF'),
        fc.constantFrom('DEU', 'GBR', 'FRA'),
        (currency, country) => {
          const body = { currency, vban_country: country };
          expect(api.validateRequest('requestVirtualAccount', { params, body }).violations).toEqual([]);
          for (const m of ruleKeywordsByName.get(rule.keyword)!.violate(body, rule.params)) {
            const out = api.validateRequest('requestVirtualAccount', { params, body: m.value });
            expect(out.violations.map((v) => `${v.rule} ${v.pointer}`)).toEqual([`${rule.id} ${m.pointer}`]);
          }
        },
      ),
    );
  });

  it('hosted session: valid bodies pass; its reference format and purpose case are schema keywords, not rules', () => {
    const stateless = rules.filter((r) => r.target === 'createSession' && r.state === 'stateless');
    expect(stateless).toEqual([]);
    const session = fc.record({
      client_reference_id: fc.stringMatching(/^[A-Za-z0-9_-]{1,36}$/),
      recipient_details: fc.array(fc.record({ recipient_id: fc.constant('r-1'), purpose_of_transaction: purpose }), {
        minLength: 1,
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(session, (body) => {
        expect(api.validateRequest('createSession', { params, body }).violations).toEqual([]);
        for (const rule of stateless) {
          for (const m of ruleKeywordsByName.get(rule.keyword)!.violate(body, rule.params)) {
            const out = api.validateRequest('createSession', { params, body: m.value });
            expect([...new Set(out.violations.map((v) => v.rule))], m.description).toEqual([rule.id]);
            expect(out.violations.map((v) => v.pointer)).toContain(m.pointer);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('stateful rules: pass with a truthful context, not checked without one, and report their mutations', async () => {
    const stateful = rules.filter((r) => r.target === 'createPayment' && r.state === 'stateful');
    await fc.assert(
      fc.asyncProperty(validPayment, async (body) => {
        const req = { params, body };
        const none = await api.checkStatefulRules('createPayment', req);
        expect(none.violations).toEqual([]);
        expect(none.notChecked.map((n) => n.rule)).toEqual(CREATE_PAYMENT_STATEFUL);
        const ctx = truthfulContext(body);
        const ok = await api.checkStatefulRules('createPayment', req, ctx);
        expect(ok.violations).toEqual([]);
        expect(ok.notChecked).toEqual([]);
        for (const rule of stateful) {
          for (const m of statefulRules[rule.keyword].violate(body, rule.params)) {
            const used = rule.keyword === 'unique-client-reference';
            // A quote sent with a same-currency payment may well exist and be active: only
            // quote-required is broken by sending it.
            const anyQuote: RuleContext['getQuote'] = (_c, id) => ({ quoteId: id, status: 'active', expiresAt: FAR });
            const state = { ...ctx, isClientReferenceUsed: () => used };
            if (rule.keyword === 'quote-required') state.getQuote = anyQuote;
            const out = await api.checkStatefulRules('createPayment', { params, body: m.body }, state);
            expect(
              out.violations.map((v) => `${v.rule} ${v.pointer}`),
              m.description,
            ).toEqual([`${rule.id} ${m.pointer}`]);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
