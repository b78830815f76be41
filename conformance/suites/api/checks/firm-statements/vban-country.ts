/** Request a virtual account: vban_country is "mandatory for EUR and GBP virtual accounts". */
import { seed } from '../../../../engine/provenance.js';
import type { RequestCase } from '../../requests.js';
import { is2xx } from '../util.js';
import type { Expect } from './expect.js';

export async function eurAccountVbanCountry(va: RequestCase, expect: Expect): Promise<void> {
  const info = {
    subject: 'requestVirtualAccount',
    rule: 'virtual-account.vban-country',
    provenance: seed('Request a virtual account', 'mandatory for EUR and GBP virtual accounts'),
  };
  const withCountry = { ...va, json: { currency: 'EUR', vban_country: 'DEU' } };
  const eur = await expect(withCountry, '2xx', { ...info, name: 'an EUR virtual account with vban_country' });
  if (!is2xx(eur.status)) return;
  const without = 'an EUR virtual account without vban_country';
  await expect({ ...va, json: { currency: 'EUR' } }, '4xx', { ...info, name: without });
}
