/**
 * The generated client as a browser app ships it: the Cross-Border Payments client generated in
 * the default runtime mode (imports `cross-border-payments-runtime/…`, with precompiled
 * validators), bundled by esbuild for the browser with code splitting, loaded in Chromium and
 * making `createPayment` against `cbp mock`. The mock answers no CORS preflight, so the page is
 * served from the same origin as the API: a small server on 127.0.0.1 serves the bundle under
 * /app/ and passes every other request through to the mock, counting them. A browser app holds
 * no client secret: the token is one its backend obtained (here the test, from the sandbox
 * credentials), which the page passes as the client's `accessToken`: the client-credentials
 * provider's chunk is never loaded.
 * Every server and the browser are stopped here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClient, ROOT } from '../../bench/lib/footprint.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { sandboxOn0, paymentBody, token } from '../sandbox/helpers.js';
import { type Browser, launchChromium } from './chromium.js';
import { runtimeSourceOf } from '../runtime-source-aliases.js';

/** The runtime's named entries (`cross-border-payments-runtime/client`, ...) from their source
 * barrels in packages/runtime/src/entries/ (the sources, as the other tests run them; a dist/ may
 * be older), its other imports from the repository's node_modules. */
const runtimeFromSources: Plugin = {
  name: 'runtime-from-sources',
  setup(b) {
    // sideEffects: false as the package's package.json says (esbuild reads it only for paths it
    // resolves itself): the entry barrels then keep only what the page uses in each chunk.
    b.onResolve({ filter: /^cross-border-payments-runtime\// }, (args) => ({
      path: runtimeSourceOf(args.path)!,
      sideEffects: false,
    }));
  },
};

/** What the page runs: one createPayment with the token its backend gave it. */
const PAGE_ENTRY =
  `import { createApiClient } from './src/api/client.js';
(window as unknown as { pay: unknown }).pay = async (o: { ` +
  `token: string; validateRequests: boolean; body: unknown }) => {
  const client = createApiClient({
    baseUrl: location.origin,
    validateRequests: o.validateRequests,
    accessToken: o.token,
  });
  const r = await client.createPayment({ params: { path: { customer_id: 'cust-a-1' } }, body: o.body as never });
  const e = r.apiError;
  return {
    status: r.response?.status,
    data: r.data,
    error: e && { kind: e.kind, status: 'status' in e ? e.status : undefined, ` +
  `rules: 'violations' in e ? e.violations.map((v) => v.rule) : undefined },
  };
};
`;

const PAGE_HTML =
  '<!doctype html><meta charset="utf-8"><title>cbp client</title><script type="module" src="/app/entry.js"></script>';

interface Site {
  origin: string;
  /** Paths of the requests passed through to the mock, in order. */
  apiRequests: string[];
  /** Files of the bundle the page loaded. */
  assets: string[];
  close(): Promise<void>;
}

/** The page and its bundle at /app/, everything else passed through to the mock. */
async function startSite(bundleDir: string, sandboxUrl: string): Promise<Site> {
  const apiRequests: string[] = [];
  const assets: string[] = [];
  const upstream = new URL(sandboxUrl);
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'GET' && url === '/app/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE_HTML);
      return;
    }
    const asset = /^\/app\/([\w.-]+\.js)$/.exec(url);
    if (req.method === 'GET' && asset) {
      assets.push(asset[1]!);
      try {
        res
          .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
          .end(readFileSync(path.join(bundleDir, asset[1]!)));
      } catch {
        res.writeHead(404).end();
      }
      return;
    }
    apiRequests.push(`${req.method} ${url}`);
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiRequests,
    assets,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let dir: string;
let bundleDir: string;
let mock: RunningSandbox;
let site: Site;
let browser: Browser;
let tok: string;
/** The chunk of the bundle that holds the generated validators. */
let validatorsChunk: string;
/** The chunk of the client-credentials token provider (a browser app never loads it). */
let tokenProviderChunk: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cbp-client-bundle-'));
  // The default runtime mode, with the validators precompiled (no ajv compiler in the page).
  const out = generateClient({ dir, tarball: '', cleanup: () => {} }, 'app', { validators: true, standalone: true });
  const entry = path.join(out.dir, 'entry.ts');
  writeFileSync(entry, PAGE_ENTRY);
  bundleDir = path.join(out.dir, 'bundle');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: bundleDir,
    nodePaths: [path.join(ROOT, 'node_modules')],
    plugins: [runtimeFromSources],
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.entries(result.metafile.outputs);
  validatorsChunk = path.basename(
    outputs.find(([, o]) => Object.keys(o.inputs).some((i) => /\/src\/api\/validators\.ts$/.test(i)))?.[0] ?? '',
  );
  expect(validatorsChunk).toMatch(/\.js$/);
  tokenProviderChunk = path.basename(
    outputs.find(([, o]) => Object.keys(o.inputs).some((i) => /\/auth\/token-provider\.ts$/.test(i)))?.[0] ?? '',
  );
  expect(tokenProviderChunk).toMatch(/\.js$/);
  // The page's own chunk: every lazily imported module is an entry point of the metafile too.
  const page = outputs.find(
    ([, o]) => o.entryPoint !== undefined && path.resolve(o.entryPoint) === path.resolve(entry),
  );
  expect(path.basename(page?.[0] ?? '')).toBe('entry.js');
  mock = await sandboxOn0();
  tok = await token(mock);
  site = await startSite(bundleDir, mock.baseUrl);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type PageResult = {
  status?: number;
  data?: { payment_id?: string; status?: string };
  error?: { kind: string; status?: number; rules?: string[] };
};

async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  site.assets.length = 0;
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.origin}/app/`, { waitUntil: 'load' });
  await page.waitForFunction(() => typeof (window as unknown as { pay?: unknown }).pay === 'function');
  return { page, errors };
}

const pay = (page: Page, validateRequests: boolean, body: unknown): Promise<PageResult> =>
  page.evaluate((o) => (window as unknown as { pay: (o: unknown) => Promise<PageResult> }).pay(o), {
    token: tok,
    validateRequests,
    body,
  });

describe('the generated client, bundled for the browser, in Chromium against `cbp mock`', () => {
  it(
    'without validation: the payment is created and its ' + 'answer reaches the page; the validators are never loaded',
    async () => {
      const { page, errors } = await openPage();
      const before = site.apiRequests.length;
      const r = await pay(
        page,
        false,
        paymentBody('GBP', [['rcp-a-1-gbp', 12.5]], { client_reference_id: 'browser-plain' }),
      );
      expect(r.error).toBeUndefined();
      expect(r.status).toBe(201);
      expect(r.data).toMatchObject({
        payment_id: expect.stringMatching(/^pay_/),
        status: 'AWAITING_FUNDS',
        client_reference_id: 'browser-plain',
      });
      expect(site.apiRequests.slice(before)).toEqual(['POST /v3/customers/cust-a-1/payments']);
      // The page loaded the entry and what it imports statically, not the validators' chunk.
      expect(site.assets).toContain('entry.js');
      expect(site.assets).not.toContain(validatorsChunk);
      // The token came from the page's backend: no token request, no client-credentials provider.
      expect(site.assets).not.toContain(tokenProviderChunk);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it(
    'with validateRequests: a valid payment is created; ' + 'an invalid one is refused in the page and never sent',
    async () => {
      const { page, errors } = await openPage();
      const before = site.apiRequests.length;
      const ok = await pay(
        page,
        true,
        paymentBody('GBP', [['rcp-a-1-gbp', 20]], { client_reference_id: 'browser-validated' }),
      );
      expect(ok.error).toBeUndefined();
      expect(ok.status).toBe(201);
      expect(ok.data?.payment_id).toMatch(/^pay_/);
      expect(site.apiRequests.slice(before)).toEqual(['POST /v3/customers/cust-a-1/payments']);
      expect(site.assets).toContain(validatorsChunk);

      const sent = site.apiRequests.length;
      const refused = await pay(page, true, { ...paymentBody('GBP', [['rcp-a-1-gbp', 20]]), recipient_details: [] });
      expect(refused.error?.kind).toBe('validation');
      expect(refused.error?.rules?.length).toBeGreaterThan(0);
      expect(refused.status).toBeUndefined();
      expect(site.apiRequests.length).toBe(sent);

      // The same request without validation reaches the mock, which refuses it (400).
      const unchecked = await pay(page, false, { ...paymentBody('GBP', [['rcp-a-1-gbp', 20]]), recipient_details: [] });
      expect(unchecked.error).toMatchObject({ kind: 'http', status: 400 });
      expect(site.apiRequests.length).toBe(sent + 1);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
