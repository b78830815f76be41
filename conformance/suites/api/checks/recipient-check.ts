/**
 * recipient-check: a failed recipient name check (CoP/VoP) is an error; resubmitting the same
 * request without confirm_recipient is still refused; resubmitting with confirm_recipient is
 * accepted (seed §Create payment (v3) rule 5; §Errors rule 2; Payment request table:
 * confirm_recipient "Required only when the recipient name check (CoP/VoP) failed on the first
 * attempt"). The failing recipient comes from the driver (recipientFailingNameCheck); the
 * confirm_recipient object from the config (its inner fields: not shown).
 */
import type { ConformanceCheck, RunContext } from '../context.js';
import { missingMethod } from '../driver.js';
import { sameCurrencyCustomer } from '../fixtures.js';
import { fillFromAnswer, payloadFor } from '../live/payloads.js';
import type { SendResult } from '../../../engine/http.js';
import type { SkipReason } from '../../../engine/skips.js';
import { validRequests } from '../requests.js';
import type { CaseRecord, Failure } from '../../../engine/types.js';
import { assumption, type Provenance, seed } from '../../../engine/provenance.js';
import { describeAnswer, fail, is2xx, is4xx } from './util.js';

const RULE5 = 'Create payment (v3), rule 5; Errors, rule 2';

export const recipientCheckCheck: ConformanceCheck = {
  id: 'recipient-check',
  title: 'A failed CoP/VoP name check is refused until resubmitted with confirm_recipient',
  source: RULE5,
  severity: 'error',
  tags: ['rules', 'stateful'],
  async run(ctx) {
    const arm = ctx.driver.recipientFailingNameCheck;
    if (!arm) {
      const m = missingMethod(ctx.driver, 'recipientFailingNameCheck');
      return { cases: 0, failures: [], skipped: m.reason, skipEnable: m.enable };
    }
    const who = sameCurrencyCustomer(ctx.fixtures);
    const req = await validRequests.createPayment[0].build(ctx);
    if (!who || !req)
      return {
        cases: 0,
        failures: [],
        skipped: 'no same-currency payment could be built',
        skipEnable: 'customers (with wallet_currency) and recipients in the config file',
      };
    let recipientId: string;
    try {
      recipientId = await arm({ customerId: who.customer.customer_id, currency: who.currency });
    } catch (err) {
      const message =
        `the ${ctx.driver.name} driver's recipientFailingNameCheck() ` +
        `failed: ${(err as Error)?.message ?? String(err)}`;
      return { cases: 0, failures: [{ checkId: this.id, message, severity: 'error' }] };
    }
    // biome-ignore lint/suspicious/noExplicitAny: a copy of a request body this check rewrites field by field
    const body = structuredClone(req.json) as Record<string, any>;
    body.recipient_details[0].recipient_id = recipientId;
    const failures: Failure[] = [];
    const records: CaseRecord[] = [];
    const rule = 'payment.confirm-recipient-after-failure';
    const steps: Array<{ json: unknown; want: '2xx' | '4xx'; what: string; rule: string; provenance: Provenance }> = [
      {
        json: body,
        want: '4xx',
        what: 'a payment whose recipient name check fails',
        rule,
        provenance: seed(RULE5, 'When the recipient check (CoP/VoP) fails, the call returns an error'),
      },
      {
        json: body,
        want: '4xx',
        what: 'the same request again without confirm_recipient',
        rule,
        provenance: seed(
          'Payment request table: confirm_recipient',
          'Required only when the recipient name check (CoP/VoP) failed on the first attempt',
        ),
      },
    ];
    const last = 'the resubmission with confirm_recipient';
    let refused: SendResult | undefined;
    for (const s of steps) {
      const res = await ctx.http.send({ ...req, json: s.json });
      if (is4xx(res.status)) refused = res;
      const ok = s.want === '2xx' ? is2xx(res.status) : is4xx(res.status);
      records.push({ subject: 'createPayment', name: s.what, rule: s.rule, verdict: ok ? 'passed' : 'failed' });
      if (!ok)
        failures.push({
          ...fail(
            this.id,
            res,
            `${s.what} answered ${describeAnswer(res)}, expected ${s.want}`,
            s.rule,
            'error',
            'createPayment',
          ),
          provenance: s.provenance,
        });
    }
    // Inner fields of confirm_recipient are not shown: the driver's confirmRecipient() or the config's
    // payload (which may read the refused answer: {{failed.body.request_id}}), or {} on our own sandbox.
    const built = refused
      ? await confirmRecipientFor(ctx, { customerId: who.customer.customer_id, recipientId, failed: refused })
      : undefined;
    if (!built) return { cases: steps.length, failures, records };
    if ('skip' in built) {
      records.push({ subject: last, rule, verdict: 'skipped', reason: built.skip.reason, enable: built.skip.enable });
      return { cases: steps.length, failures, records };
    }
    if ('error' in built) {
      failures.push({ checkId: this.id, subject: 'createPayment', message: built.error, severity: 'error' });
      return { cases: steps.length, failures, records };
    }
    const res = await ctx.http.send({ ...req, json: { ...body, confirm_recipient: built.value } });
    records.push({ subject: 'createPayment', name: last, rule, verdict: is2xx(res.status) ? 'passed' : 'failed' });
    if (!is2xx(res.status))
      failures.push({
        ...fail(this.id, res, `${last} answered ${describeAnswer(res)}, expected 2xx`, rule, 'error', 'createPayment'),
        provenance: assumption('A-CONFIRM-RECIPIENT', RULE5),
      });
    return { cases: steps.length + 1, failures, records };
  },
};

/** The confirm_recipient object: the driver's hook, the config's payload filled from the refusal, this sandbox's `{}`,
 * or a skip. */
async function confirmRecipientFor(
  ctx: RunContext,
  args: { customerId: string; recipientId: string; failed: SendResult },
): Promise<{ value: unknown } | { skip: SkipReason } | { error: string }> {
  const failed = { status: args.failed.status, headers: args.failed.headers, body: args.failed.body };
  if (ctx.driver.confirmRecipient) {
    try {
      return {
        value: await ctx.driver.confirmRecipient({
          customerId: args.customerId,
          recipientId: args.recipientId,
          failed,
        }),
      };
    } catch (err) {
      return {
        error: `the ${ctx.driver.name} driver's confirmRecipient() failed: ${(err as Error)?.message ?? String(err)}`,
      };
    }
  }
  const confirm = payloadFor(
    { configured: ctx.config.file?.payloads, ownSandbox: ctx.ownSandbox },
    'confirm_recipient',
    () => ctx.unique('cop'),
    () => ({}),
  );
  if ('skip' in confirm)
    return { skip: { ...confirm.skip, enable: `${confirm.skip.enable}, or a driver with confirmRecipient()` } };
  const filled = fillFromAnswer(confirm.body, failed);
  if (filled.missing.length > 0) {
    return {
      skip: {
        reason:
          `payloads.confirm_recipient reads ${filled.missing.join(', ')}, ` +
          `which the refused answer (HTTP ${failed.status}) does not hold`,
        enable:
          'point the {{failed.…}} placeholders at fields the refusal carries ' +
          '(see the HAR or --report json), or give the driver confirmRecipient()',
      },
    };
  }
  return { value: filled.value };
}
