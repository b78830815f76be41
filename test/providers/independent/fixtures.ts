/**
 * What this provider's sandbox holds when it starts: two API clients (sandbox-only credentials
 * that open nothing but this process), their customers, recipients, quotes and one onboarded
 * third party. The operations that would create them (register a customer, add a recipient,
 * create a quote) are "not shown" (service description, Other operations); a partner reads them
 * from their provider's dashboard and lists them in the conformance config.
 */
export interface ClientFixture {
  clientId: string;
  clientSecret: string;
}

export interface CustomerFixture {
  customerId: string;
  clientId: string;
  walletCurrency: string;
  /** Only ACTIVE customers may hold virtual accounts ("available for registered and active customers"). */
  status: 'ACTIVE' | 'REGISTERED';
}

export interface RecipientFixture {
  recipientId: string;
  customerId: string;
  currency: string;
  name: string;
  status: 'ACTIVE' | 'DISABLED';
  /** The outcome of the next Confirmation of Payee / Verification of Payee check. */
  nameCheck: 'MATCH' | 'NO_MATCH';
  /** The reference of the last failed check, which a confirmation may have to echo. */
  lastCheckId?: string;
}

export interface QuoteFixture {
  quoteId: string;
  customerId: string;
  sellCurrency: string;
  buyCurrency: string;
  rate: string;
  expiresAt: number;
  usedBy?: string;
}

export const CLIENT_ALPHA: ClientFixture = { clientId: 'ind-alpha-client', clientSecret: 'ind-alpha-sandbox-secret' };
export const CLIENT_BETA: ClientFixture = { clientId: 'ind-beta-client', clientSecret: 'ind-beta-sandbox-secret' };

export function initialFixtures(now: number) {
  const customers: CustomerFixture[] = [
    { customerId: 'CUS-7001', clientId: CLIENT_ALPHA.clientId, walletCurrency: 'GBP', status: 'ACTIVE' },
    { customerId: 'CUS-7002', clientId: CLIENT_ALPHA.clientId, walletCurrency: 'EUR', status: 'ACTIVE' },
    { customerId: 'CUS-7003', clientId: CLIENT_ALPHA.clientId, walletCurrency: 'GBP', status: 'REGISTERED' },
    { customerId: 'CUS-8001', clientId: CLIENT_BETA.clientId, walletCurrency: 'GBP', status: 'ACTIVE' },
  ];
  const r = (
    recipientId: string,
    customerId: string,
    currency: string,
    name: string,
    status: RecipientFixture['status'] = 'ACTIVE',
  ): RecipientFixture => ({
    recipientId,
    customerId,
    currency,
    name,
    status,
    nameCheck: 'MATCH',
  });
  const recipients: RecipientFixture[] = [
    r('BEN-100', 'CUS-7001', 'GBP', 'Harbour Homes Ltd'),
    r('BEN-101', 'CUS-7001', 'GBP', 'Quay Lettings Ltd'),
    r('BEN-102', 'CUS-7001', 'GBP', 'Dockside Estates Ltd'),
    r('BEN-103', 'CUS-7001', 'EUR', 'Costa Villas SL'),
    r('BEN-109', 'CUS-7001', 'GBP', 'Closed Account Ltd', 'DISABLED'),
    r('BEN-200', 'CUS-7002', 'EUR', 'Rhein Immobilien GmbH'),
    r('BEN-800', 'CUS-8001', 'GBP', 'Beta Payee Ltd'),
  ];
  const quotes: QuoteFixture[] = [
    {
      quoteId: 'QT-GBPEUR-LONG',
      customerId: 'CUS-7001',
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      rate: '1.1523',
      expiresAt: now + 7 * 86_400_000,
    },
    {
      quoteId: 'QT-GBPEUR-OLD',
      customerId: 'CUS-7001',
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      rate: '1.1401',
      expiresAt: now - 86_400_000,
    },
  ];
  const thirdParties = [
    {
      customerId: 'CUS-7001',
      ref: 'BUYER-0001',
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'GBR',
      createdAt: now - 86_400_000,
    },
  ];
  return { customers, recipients, quotes, thirdParties };
}
