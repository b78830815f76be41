/**
 * One rule vocabulary: every rule and assumption id a verdict can cite, with the seed words (or
 * the assumption) it rests on. `cbp rules` prints it; a failure's `rule:` is always one of these
 * ids or an overlay rule of spec/.
 */
import { describeProvenance, type Provenance, seed } from '../../engine/provenance.js';
import type { ApiModel } from '../../../generator/ir/model.js';
import { eventRules } from './event-rules.js';
import type { SpecProvenance } from './spec-provenance.js';
import { specRules } from './spec-rules.js';

export interface VocabularyEntry {
  id: string;
  kind: 'overlay rule' | 'decision branch' | 'schema keyword rule' | 'event rule' | 'check rule' | 'assumption';
  title: string;
  source: string;
}

/** Rule ids the API checks cite that are neither overlay nor event rules. */
const CHECK_RULES: Record<string, { title: string; provenance: Provenance }> = {
  'auth.bearer-required': {
    title: 'A call without (or with a malformed or expired) token is refused with 401',
    provenance: seed('Authentication, OAuth 2.0', 'virtual accounts, payments, sessions require a Bearer token'),
  },
  'auth.token-response': { title: 'The token response has access_token, token_type bearer, expires_in', provenance: seed('Authentication, OAuth 2.0 step 2') },
  'auth.token-errors': { title: 'Wrong client credentials are refused with a 4xx', provenance: { kind: 'assumption', ids: ['A-TOKEN-ERRORS'] } },
  'auth.tenant-isolation': { title: "A client's token does not reach another client's customers", provenance: { kind: 'assumption', ids: ['A-TENANT-ISOLATION'] } },
  'auth.api-key': { title: 'An operation documenting the apikey scheme answers a call with the key alone', provenance: { kind: 'assumption', ids: ['A-SECURITY-UNSTATED'] } },
  'auth.https': { title: 'The target is HTTPS', provenance: seed('Authentication, OAuth 2.0 step 6', 'All requests use HTTPS.') },
  'errors.unknown-customer': {
    title: 'An unknown customer_id is answered 404 where 404 is listed (a 4xx elsewhere)',
    provenance: seed('Errors table', '404 | Not Found Error | Create payment, request virtual account'),
  },
  'virtual-account.customer-active': {
    title: 'A virtual account is refused (4xx) for a customer that is not active',
    provenance: seed('What the service does', 'It is available for registered and active customers'),
  },
  'session.expiry': { title: 'An expired session cannot be paid', provenance: seed('Session states', 'If it expires before completion, a new session must be created') },
  'session.url': { title: 'The session creation response carries a session URL', provenance: seed('Create hosted payment session', 'The response carries a session URL') },
  'lifecycle.flow-started': {
    title: 'Payment creation leads to status events',
    provenance: seed('Events', 'Payment creation (API or hosted session) leads to the status events below'),
  },
  'positive.<operationId>': { title: 'A valid request is accepted (2xx)', provenance: seed('Endpoints (the operation)') },
  'responses.<operationId>': { title: 'A response status is documented for the operation', provenance: { kind: 'assumption', ids: ['A-SUCCESS-STATUS', 'A-ERROR-STATUS'] } },
  'responses.<operationId>.content': { title: 'A response content type is documented', provenance: { kind: 'assumption', ids: ['A-JSON'] } },
  'schema.<keyword>': { title: 'A JSON Schema constraint of spec/openapi.yaml (graded by the x-assumption of its schema)', provenance: seed('Resources and their fields') },
  'negative.not-attributable': { title: 'A valid base was refused, so its negative cases could not be judged', provenance: { kind: 'http', reference: 'no verdict' } },
};

export function ruleVocabulary(model: ApiModel, spec: SpecProvenance): VocabularyEntry[] {
  const out: VocabularyEntry[] = model.rules.map((r) => ({
    id: r.id,
    kind: 'overlay rule',
    title: r.title,
    source: describeProvenance(spec.rule(r.id, r.source)),
  }));
  const known = new Set(out.map((e) => e.id));
  for (const r of specRules(model).filter((x) => !known.has(x.id))) out.push({ id: r.id, kind: r.kind, title: r.title, source: `seed: ${r.source}` });
  for (const [id, r] of Object.entries(eventRules)) out.push({ id, kind: 'event rule', title: r.title, source: describeProvenance(r.provenance) });
  for (const [id, r] of Object.entries(CHECK_RULES)) out.push({ id, kind: 'check rule', title: r.title, source: describeProvenance(r.provenance) });
  for (const a of spec.assumptions()) out.push({ id: a.id, kind: 'assumption', title: a.text, source: 'spec/ (x-cbp-assumptions)' });
  return out;
}
