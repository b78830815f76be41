/**
 * What judging responses costs a call (`validateResponses`): the generated client (generated/)
 * against the embedded sandbox on 127.0.0.1, in this process, creating a three-recipient payment
 * (201: the Payment schema, the recipient sum and the status rule all run), with validation 'off'
 * and 'report' at 100% sampling. Rounds alternate the two clients (and which goes first) so that
 * both see the same machine; each figure is the median of the rounds. Target: 'report' adds
 * <= 5% to a call. The report client's events are counted too: the sandbox keeps its contract, so
 * any event is a false alarm.
 * Run: `npm run bench response-validation`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSandbox } from '../api/index.js';
import { median, ROOT } from './lib/side-by-side.js';

const ROUNDS = 41;
const CALLS_PER_ROUND = 100;

type Call = () => Promise<{ apiError?: unknown }>;
type ClientModule = {
  createPaymentsClient(options: Record<string, unknown>): {
    createPayment(init: unknown): Promise<{ apiError?: unknown }>;
  };
};

const sandbox = await startSandbox({ port: 0 });
try {
  // The checked-in generated client (TypeScript, through the loader `npm run bench` registers).
  const { createPaymentsClient } = (await import(
    pathToFileURL(path.join(ROOT, 'generated/client.ts')).href
  )) as ClientModule;
  let events = 0;
  const clientOf = (validateResponses: 'off' | 'report') =>
    createPaymentsClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: 'sandbox-client-a',
      clientSecret: 'sandbox-secret-a',
      validateResponses,
      responseSampleRate: 1,
      onContractViolation: () => events++,
    });
  const init = {
    params: { path: { customer_id: 'cust-a-1' } },
    body: {
      purpose_of_transaction: 'PROPERTY_PURCHASE',
      amount: { currency: 'GBP', value: 100 },
      recipient_details: [
        { recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 33.33 } },
        { recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 33.33 } },
        { recipient_id: 'rcp-a-1-gbp', amount: { currency: 'GBP', value: 33.34 } },
      ],
    },
  };
  const sides: Record<'off' | 'report', Call> = {
    off: (
      (c) => () =>
        c.createPayment(init)
    )(clientOf('off')),
    report: (
      (c) => () =>
        c.createPayment(init)
    )(clientOf('report')),
  };
  const round = async (call: Call): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < CALLS_PER_ROUND; i++) {
      const result = await call();
      if (result.apiError !== undefined) throw new Error(`createPayment failed: ${JSON.stringify(result.apiError)}`);
    }
    return ((performance.now() - t0) * 1000) / CALLS_PER_ROUND;
  };
  // Warm-up: tokens, the validators compiled on first use, the JIT.
  for (const call of Object.values(sides)) await round(call);
  events = 0;
  const us: Record<'off' | 'report', number[]> = { off: [], report: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order: Array<'off' | 'report'> = r % 2 === 0 ? ['off', 'report'] : ['report', 'off'];
    for (const side of order) us[side].push(await round(sides[side]));
  }
  const off = median(us.off);
  const report = median(us.report);
  console.log(
    `createPayment against the sandbox on 127.0.0.1, ${ROUNDS} alternating rounds of ${CALLS_PER_ROUND} calls`,
  );
  console.log(`validateResponses 'off'            ${off.toFixed(1).padStart(8)} µs/call (median)`);
  console.log(`validateResponses 'report' at 100% ${report.toFixed(1).padStart(8)} µs/call (median)`);
  const added = (report / off - 1) * 100;
  console.log(`ratio ${(report / off).toFixed(3)}: ${added.toFixed(1)}% added (target <= 5%)`);
  console.log(`events on the sandbox's answers: ${events} (any is a false alarm)`);
  // The judgement alone, on one of the sandbox's answers: what 'report' adds to each call, apart
  // from the noise of the HTTP round trip above.
  const answer = await sides.off();
  const { validateResponse } = (await import(pathToFileURL(path.join(ROOT, 'generated/validators.ts')).href)) as {
    validateResponse(id: string, status: number, type: string, body: unknown): { valid: boolean };
  };
  const { responseRules } = (await import(pathToFileURL(path.join(ROOT, 'generated/response-rules.ts')).href)) as {
    responseRules: ReadonlyArray<() => (r: { operationId: string; status: number; body: unknown }) => unknown>;
  };
  const rules = responseRules.map((make) => make());
  const body = (answer as { data?: unknown }).data;
  const judge = () => {
    if (!validateResponse('createPayment', 201, 'application/json', body).valid) throw new Error('invalid');
    for (const rule of rules) rule({ operationId: 'createPayment', status: 201, body });
  };
  for (let i = 0; i < 5000; i++) judge();
  const n = 50_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) judge();
  const judgeUs = ((performance.now() - t0) * 1000) / n;
  console.log(
    `judging one answer alone (schema + response rules): ${judgeUs.toFixed(2)} µs, ` +
      `${((judgeUs / off) * 100).toFixed(2)}% of an 'off' call`,
  );
} finally {
  await sandbox.close();
}
