/** Starts the mock with one variant's proxy in front; close() stops both. */
import { startSandbox, type SandboxOptions } from '../../sandbox/index.js';
import type { Variant } from './catalogue.js';
import { startProxy } from './proxy.js';

export interface RunningVariant {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startVariant(
  variant: Pick<Variant, 'hooks'>,
  sandboxOptions: SandboxOptions = {},
): Promise<RunningVariant> {
  const mock = await startSandbox({ port: 0, host: '127.0.0.1', mode: 'instant', ...sandboxOptions });
  const wallets = Object.fromEntries(
    mock.fixtures.clients.flatMap((c) => c.customers.map((x) => [x.customer_id, x.wallet_currency] as const)),
  );
  const a = mock.fixtures.clients[0];
  let token: Promise<string> | undefined;
  const fetchToken = async () => {
    const res = await fetch(mock.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: a.client_id,
        client_secret: a.client_secret,
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const proxy = await startProxy(
    mock.baseUrl,
    variant.hooks({
      wallets,
      token: () => (token ??= fetchToken()),
      primaryClientId: a.client_id,
      upstream: mock.baseUrl,
    }),
  );
  return {
    baseUrl: proxy.url,
    async close() {
      await proxy.close();
      await mock.close();
    },
  };
}
