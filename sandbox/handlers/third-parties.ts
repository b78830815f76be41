/**
 * Third-party customers (seed §Third-party customer operations; payloads not shown,
 * A-THIRD-PARTY-PAYLOAD). The mock reads client_customer_ref and answers compliance_status: a
 * new third party is PENDING_VERIFICATION, then VERIFIED after thirdPartyVerificationSeconds of
 * sandbox time; an update that changes an identity field sends it back to PENDING_VERIFICATION
 * ("may trigger re-verification"; which fields count is the mock's assumption A-MOCK-REVERIFY).
 */
import type { SandboxContext } from '../context.js';
import type { components } from '../generated-api.js';
import { customerNotFound, fail, ok } from '../http/responses.js';
import { isObject, str } from '../json.js';
import { complianceStatus } from '../rule-context.js';
import type { ThirdPartyRecord } from '../types.js';
import type { ApiHandlersOf } from './index.js';

/** Fields whose change re-runs identity verification (A-MOCK-REVERIFY). */
export const IDENTITY_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'name',
  'date_of_birth',
  'nationality',
  'address',
  'country',
  'company_name',
  'registration_number',
  'id_document',
  'tax_id',
];
const SOURCE = 'Endpoints › Third-party customer operations';

type ThirdPartyOperations = 'createThirdParty' | 'getThirdParty' | 'updateThirdParty';

export function thirdPartyHandlers(ctx: SandboxContext): ApiHandlersOf<ThirdPartyOperations> {
  const verifyAt = (customerId: string): number =>
    ctx.store.clockOfCustomer(customerId).now() + ctx.options.thirdPartyVerificationSeconds * 1000;
  return {
    createThirdParty({ params, body, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      const data: Record<string, unknown> = isObject(body) ? body : {};
      const ref = str(data.client_customer_ref);
      if (!ref)
        return fail(
          400,
          'third-party.client-customer-ref',
          'client_customer_ref (your identifier of the end user) is required',
          '/client_customer_ref',
          SOURCE,
        );
      if (ctx.store.thirdParty(customer.customer_id, ref))
        return fail(
          409,
          'third-party.duplicate',
          `third party ${JSON.stringify(ref)} already exists for this customer`,
          '/client_customer_ref',
          SOURCE,
        );
      const now = ctx.store.clockOfCustomer(customer.customer_id).iso();
      const record: ThirdPartyRecord = {
        customer_id: customer.customer_id,
        client_customer_ref: ref,
        data: { ...data },
        verifiedAtMs: verifyAt(customer.customer_id),
        created_at: now,
        updated_at: now,
      };
      ctx.store.putThirdParty(record);
      return ok(view(ctx, record), 201);
    },
    getThirdParty({ params, auth }) {
      const record = find(ctx, auth.clientId, params);
      return 'status' in record ? record : ok(view(ctx, record));
    },
    updateThirdParty({ params, body, auth }) {
      const record = find(ctx, auth.clientId, params);
      if ('status' in record) return record;
      const data: Record<string, unknown> = isObject(body) ? body : {};
      const ref = str(data.client_customer_ref);
      if (ref !== undefined && ref !== record.client_customer_ref) {
        return fail(
          400,
          'third-party.client-customer-ref',
          'client_customer_ref cannot be changed: it must match the path',
          '/client_customer_ref',
          SOURCE,
        );
      }
      const changed = IDENTITY_FIELDS.some(
        (f) => f in data && JSON.stringify(data[f]) !== JSON.stringify(record.data[f]),
      );
      record.data = { ...record.data, ...data, client_customer_ref: record.client_customer_ref };
      record.updated_at = ctx.store.clockOfCustomer(record.customer_id).iso();
      if (changed) record.verifiedAtMs = verifyAt(record.customer_id);
      return ok(view(ctx, record));
    },
  };
}

type ThirdPartyPath = { customer_id: string; client_customer_reference: string };

function find(ctx: SandboxContext, clientId: string, params: ThirdPartyPath) {
  const customer = ctx.store.customer(clientId, params.customer_id);
  if (customer === undefined) return customerNotFound();
  const record = ctx.store.thirdParty(customer.customer_id, params.client_customer_reference);
  return record ?? fail(404, 'not-found.third-party', 'third party not found', '/client_customer_reference', SOURCE);
}

function view(ctx: SandboxContext, r: ThirdPartyRecord): components['schemas']['ThirdParty'] {
  return {
    ...r.data,
    client_customer_ref: r.client_customer_ref,
    compliance_status: complianceStatus(r.verifiedAtMs, ctx.store.clockOfCustomer(r.customer_id).now()),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
