/**
 * Where a create whose answer was lost can be found again, by what the runner sent: a session by
 * the lookup on its client_reference_id (seed §Look up sessions by client reference), a v3
 * payment in the legacy list of the customer's payments (seed §Endpoints: "Legacy: review
 * payments"; the v3 list's path is not shown), matched on customer plus client_reference_id
 * (§Reconciliation identifiers: "Match on the pair customer_id plus client_reference_id").
 */
import type { CreateLookup, SendRequest } from '../../../engine/http.js';

const ref = (req: SendRequest) => (req.json as { client_reference_id?: unknown } | undefined)?.client_reference_id;

const sessionLookup: CreateLookup = async (http, req) => {
  const id = ref(req);
  if (typeof id !== 'string') return undefined;
  const res = await http.send({
    operationId: 'lookupSessions',
    method: 'GET',
    path: req.path,
    query: { client_reference_id: id },
  });
  const sessions = (res.body as { sessions?: unknown[] } | undefined)?.sessions;
  return Array.isArray(sessions) && sessions.length > 0 ? sessions[0] : undefined;
};

const paymentLookup: CreateLookup = async (http, req) => {
  const id = ref(req);
  const legacy = req.path.replace(/^\/v3\//, '/v1/');
  if (typeof id !== 'string' || legacy === req.path) return undefined;
  const res = await http.send({ operationId: 'legacyReviewPayments', method: 'GET', path: legacy });
  const body = res.body as { payments?: unknown[] } | unknown[] | undefined;
  const list = Array.isArray(body) ? body : (body?.payments ?? []);
  return list.find((p) => (p as { client_reference_id?: unknown } | null)?.client_reference_id === id);
};

/** The suite's lookups, handed to its HTTP client at construction (connect.ts). */
export const createLookups: Readonly<Record<string, CreateLookup>> = Object.freeze({
  createSession: sessionLookup,
  createPayment: paymentLookup,
});
