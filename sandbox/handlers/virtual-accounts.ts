/**
 * Virtual accounts (seed §Request a virtual account): the request answers only
 * unique_identifier; the view by unique-ref returns account number, bank details and a status
 * that moves from pending to active (field names A-VA-FIELDS). vban_country for EUR/GBP is a
 * stateless overlay rule, enforced by the generated validators before this runs. A customer that
 * is not active gets none ("available for registered and active customers").
 */
import { randomInt } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { components } from '../generated-api.js';
import { customerNotFound, fail, ok } from '../http/responses.js';
import { getAt, str } from '../json.js';
import type { VirtualAccountRecord } from '../types.js';
import type { ApiHandlersOf } from './index.js';

type VirtualAccountOperations = 'requestVirtualAccount' | 'getVirtualAccount';

export function virtualAccountHandlers(ctx: SandboxContext): ApiHandlersOf<VirtualAccountOperations> {
  return {
    requestVirtualAccount({ params, body, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      if (customer.status !== 'active') {
        return fail(
          400,
          'virtual-account.customer-active',
          'virtual accounts are available for registered and active customers only',
          '/customer_id',
          'What the service does',
        );
      }
      const currency = str(getAt(body, ['currency'])) ?? '';
      const account = String(randomInt(10_000_000, 99_999_999));
      const record: VirtualAccountRecord = {
        unique_identifier: ctx.store.newId('va'),
        customer_id: customer.customer_id,
        currency,
        vban_country: str(getAt(body, ['vban_country'])),
        account_number: account,
        bank_details: bankDetails(currency, account),
        activeAtMs:
          ctx.store.clockOfCustomer(customer.customer_id).now() + ctx.options.virtualAccountActivationSeconds * 1000,
        created_at: ctx.store.clockOfCustomer(customer.customer_id).iso(),
      };
      ctx.store.virtualAccounts.set(record.unique_identifier, record);
      return ok({ unique_identifier: record.unique_identifier });
    },
    getVirtualAccount({ params, query, auth }) {
      const customer = ctx.store.customer(auth.clientId, params.customer_id);
      if (customer === undefined) return customerNotFound();
      const ref = typeof query['unique-ref'] === 'string' ? query['unique-ref'] : '';
      const r = ctx.store.virtualAccounts.get(ref);
      if (r === undefined || r.customer_id !== customer.customer_id)
        return fail(404, 'not-found.virtual-account', 'virtual account not found', '/unique-ref');
      return ok({
        unique_identifier: r.unique_identifier,
        currency: r.currency,
        ...(r.vban_country ? { vban_country: r.vban_country } : {}),
        account_number: r.account_number,
        bank_details: r.bank_details,
        status: ctx.store.clockOfCustomer(customer.customer_id).now() >= r.activeAtMs ? 'active' : 'pending',
        created_at: r.created_at,
      });
    },
  };
}

type BankDetails = NonNullable<components['schemas']['VirtualAccount']['bank_details']>;

/** Obviously fake routing details (sandbox only). */
function bankDetails(currency: string, account: string): BankDetails {
  const details: BankDetails = {
    bank_name: 'CBP Sandbox Bank',
    bank_address: '1 Sandbox Street, Nowhere',
    account_holder: 'CBP Sandbox Client Funds',
  };
  if (currency === 'GBP') details.sort_code = '00-00-00';
  if (currency === 'EUR' || currency === 'GBP') details.iban = `XX00SBOX${account}`;
  details.bic = 'SBOXXXXX';
  return details;
}
