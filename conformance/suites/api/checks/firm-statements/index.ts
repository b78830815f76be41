/**
 * firm-statements: the firm statements of the service description the other checks cannot reach
 * from one valid body, one module per scenario, run in this order: a payment to an inactive
 * recipient (Create payment rule 2) or on an expired quote (rule 1), an EUR virtual account
 * without vban_country, a virtual account for a customer that is not active, an unknown customer
 * on every operation that lists 404, an expired session that must not be payable, a corrected
 * resubmission after a failed name check (rule 5, first option), recipient amounts that sum
 * exactly only as decimals (rule 3, ../decimal-sums.ts), the apikey alone, the session URL of the
 * creation response, HTTPS (../https.ts). Cases that need the sandbox go through its control API.
 */
import { CaseBook } from '../../../../engine/case-book.js';
import { seed } from '../../../../engine/provenance.js';
import type { ConformanceCheck } from '../../context.js';
import { validRequests } from '../../requests.js';
import { decimalSums } from '../decimal-sums.js';
import { httpsCases } from '../https.js';
import { apiKeyOnly } from './api-key-only.js';
import { correctedResubmission } from './corrected-resubmission.js';
import { CHECK_ID, caseExpecter } from './expect.js';
import { expiredQuote } from './expired-quote.js';
import { expiredSession } from './expired-session.js';
import { inactiveCustomerAccount } from './inactive-customer.js';
import { inactiveRecipientPayment } from './inactive-recipient.js';
import { sessionUrl } from './session-url.js';
import { unknownCustomer } from './unknown-customer.js';
import { eurAccountVbanCountry } from './vban-country.js';

const TITLE_HEAD =
  'Firm statements of the service description beyond one valid body: inactive recipients, expired quotes, EUR accounts';
const TITLE = `${TITLE_HEAD}, unknown customers, expired sessions`;
const SOURCE_HEAD = 'Create payment (v3), rules 1, 2, 5; Request a virtual account; Errors: 404';
const SOURCE = `${SOURCE_HEAD}; Session states; Authentication: HTTPS`;

export const firmStatementsCheck: ConformanceCheck = {
  id: CHECK_ID,
  title: TITLE,
  source: SOURCE,
  severity: 'error',
  tags: ['rules', 'stateful'],
  /** The rule ids its failures cite that no overlay or event rule defines (`cbp rules`). */
  rules: {
    'auth.api-key': {
      title: 'An operation documenting the apikey scheme answers a call with the key alone',
      provenance: { kind: 'assumption', ids: ['A-SECURITY-UNSTATED'] },
    },
    'auth.https': {
      title: 'The target is HTTPS',
      provenance: seed('Authentication, OAuth 2.0 step 6', 'All requests use HTTPS.'),
    },
    'errors.unknown-customer': {
      title: 'An unknown customer_id is answered 404 where 404 is listed (a 4xx elsewhere)',
      provenance: seed('Errors table', '404 | Not Found Error | Create payment, request virtual account'),
    },
    'virtual-account.customer-active': {
      title: 'A virtual account is refused (4xx) for a customer that is not active',
      provenance: seed('What the service does', 'It is available for registered and active customers'),
    },
    'session.expiry': {
      title: 'An expired session cannot be paid',
      provenance: seed('Session states', 'If it expires before completion, a new session must be created'),
    },
    'session.url': {
      title: 'The session creation response carries a session URL',
      provenance: seed('Create hosted payment session', 'The response carries a session URL'),
    },
  },
  async run(ctx) {
    const book = new CaseBook();
    const expect = caseExpecter(ctx, book);
    const sameCurrency = async () => validRequests.createPayment.find((b) => b.name === 'same-currency')?.build(ctx);
    const same = await sameCurrency();
    if (same) await inactiveRecipientPayment(ctx, same, expect);
    await expiredQuote(ctx, expect);
    const va = await validRequests.requestVirtualAccount[0]?.build(ctx);
    if (va) {
      await eurAccountVbanCountry(va, expect);
      await inactiveCustomerAccount(ctx, va, expect);
    }
    await unknownCustomer(ctx, expect);
    if (ctx.sandbox) await expiredSession(ctx, book);
    if (same) await correctedResubmission(ctx, same, firstRecipient(same), expect);
    await decimalSums(ctx, book, sameCurrency);
    await apiKeyOnly(ctx, expect);
    await sessionUrl(ctx, book);
    httpsCases({ baseUrl: ctx.http.baseUrl, authUrl: ctx.http.authUrl }, book, CHECK_ID);
    return book.result();
  },
};

function firstRecipient(req: { json?: unknown }): string {
  return (req.json as { recipient_details: Array<{ recipient_id: string }> }).recipient_details[0].recipient_id;
}
