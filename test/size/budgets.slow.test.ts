/**
 * The production budgets of an app that imports the generated client, checked on the packed
 * runtime package the way openapi-fetch checks its own (a size limit on the packed package and an
 * esbuild bundle, `attw --pack`): a figure over its budget fails the slow suite. bench/size.ts
 * prints the same figures beside openapi-typescript + openapi-fetch and hey-api.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { CLIENT_A, sandboxOn0, token } from '../sandbox/helpers.js';
import {
  BUDGETS,
  BUILD_TOOLS,
  type Bundle,
  bundle,
  generateClient,
  type Install,
  ourEntry,
  productionInstall,
  typesCheck,
  type Workspace,
  workspace,
} from '../../bench/lib/footprint.js';

let ws: Workspace;
let validatedDir: string;
let lazyDir: string;
const installs: Record<'plain' | 'validated', Install> = {} as never;
// plain: `--plugins client`; off / standalone: precompiled validators, validation off / on;
// lazy: the default output, validators compiled on first use (ajv at run time), validation off.
const bundles: Record<'plain' | 'off' | 'standalone' | 'lazy', Bundle> = {} as never;

beforeAll(async () => {
  ws = workspace();
  const plain = generateClient(ws, 'plain', { validators: false });
  const validated = generateClient(ws, 'validated', { validators: true, standalone: true });
  validatedDir = validated.dir;
  installs.plain = productionInstall(ws, plain.dir, plain.dependencies);
  installs.validated = productionInstall(ws, validated.dir, validated.dependencies);
  bundles.plain = await bundle(ourEntry(plain, false));
  bundles.off = await bundle(ourEntry(validated, false));
  bundles.standalone = await bundle(ourEntry(validated, true));
  const lazy = generateClient(ws, 'lazy', { validators: true });
  lazyDir = lazy.dir;
  productionInstall(ws, lazy.dir, lazy.dependencies);
  bundles.lazy = await bundle(ourEntry(lazy, false));
}, 600_000);
afterAll(() => ws?.cleanup());

describe('what an app that imports the generated client pays in production', () => {
  test('npm install --omit=dev without validation: <= 1 MB, the runtime package alone (its own client core)', () => {
    expect(installs.plain.bytes).toBeLessThanOrEqual(BUDGETS.installWithoutValidation);
    expect(installs.plain.names).toEqual(['cross-border-payments-runtime']);
  });

  test('npm install --omit=dev with request validation: <= 4 MB (no ajv-formats), no build tool', () => {
    expect(installs.validated.bytes).toBeLessThanOrEqual(BUDGETS.installWithValidation);
    // The format checks are the runtime's own ES module.
    expect(installs.validated.names).toEqual(expect.arrayContaining(['cross-border-payments-runtime', 'ajv']));
    expect(installs.validated.names).not.toContain('openapi-fetch');
    expect(installs.validated.names).not.toContain('ajv-formats');
    for (const tool of BUILD_TOOLS) expect(installs.validated.names, tool).not.toContain(tool);
  });

  test(
    'validateRequests off: the page loads neither the validators ' +
      'nor ajv, whether or not validators were generated',
    () => {
      for (const b of [bundles.plain, bundles.off]) {
        expect(b.initialInputs.filter((i) => /node_modules\/ajv|validators/.test(i))).toEqual([]);
        // Nor a chunk of bundler helpers that a CommonJS module in a lazy chunk would make every chunk load.
        expect(b.initialChunks).toBe(1);
      }
      // The validators are generated and bundled, in a chunk of their own.
      expect(bundles.off.totalGzip).toBeGreaterThan(bundles.off.initialGzip * 2);
    },
  );

  test('validateResponses off: the page holds none of response validation (its judge, rules, events)', () => {
    for (const b of [bundles.plain, bundles.off, bundles.lazy])
      expect(b.initialInputs.filter((i) => /response-check|response-rule|\/contract\//.test(i))).toEqual([]);
    // The check has teeth: the judge is bundled, in a lazy chunk.
    expect(bundles.lazy.allInputs.some((i) => /response-check/.test(i))).toBe(true);
  });

  test(
    'validateRequests off, the default output (validators compiled on first use): the ' +
      'page loads no validators, no ajv, no source file more than with precompiled ones, and no helper chunk',
    () => {
      const sources = (b: Bundle, label: string) =>
        b.initialInputs.map((i) => i.replace(new RegExp(`/${label}/`), '/<app>/')).sort();
      expect(bundles.lazy.initialInputs.filter((i) => /node_modules\/ajv|validators/.test(i))).toEqual([]);
      expect(sources(bundles.lazy, 'lazy')).toEqual(sources(bundles.off, 'validated'));
      // CommonJS anywhere in the bundle (ajv in the lazy validators chunk), or a module namespace
      // used as a value, makes esbuild's helpers (__commonJS, __toESM, __export) live, and its
      // linker puts them in one chunk that every chunk imports, the page's first one included
      // (it places its helpers by file-level reachability, which any module with exports gives
      // the entry): the runtime ships ajv as an ES module bundle (rules/ajv-exports.js) and the
      // lazy validators import their rule factories by name, so the page is one file.
      expect(bundles.lazy.initialChunks).toBe(1);
      expect(bundles.lazy.totalGzip).toBeGreaterThan(bundles.lazy.initialGzip * 2);
    },
  );

  // openapi-fetch with a Bearer middleware is 2.9 kB; ours carries the transport (credential
  // origins, retries, redirects kept to the service's origin), the operation table, the methods
  // and the doors of what loads on first use (the 401 refresh, validation, tracing).
  test(
    `browser bundle, client + one call, without validation: <= ${BUDGETS.bundleWithoutValidationGzip} bytes gzip, ` +
      'whether or not validators were generated and however (the default output: compiled on first use; precompiled)',
    () => {
      for (const b of [bundles.plain, bundles.off, bundles.lazy])
        expect(b.initialGzip).toBeLessThanOrEqual(BUDGETS.bundleWithoutValidationGzip);
    },
  );

  test(
    'browser bundle with validation (precompiled validators): <= ' +
      '30 kB gzip for the client, one payment and its validators',
    () => {
      expect(bundles.standalone.validatedGzip).toBeLessThanOrEqual(BUDGETS.bundleWithValidationGzip);
      expect(bundles.standalone.validatedGzip).toBeGreaterThan(bundles.standalone.initialGzip);
    },
  );

  test('the packed runtime package resolves, with types, under node10, node16 and bundler (attw, every named entry)', () => {
    const types = typesCheck(ws);
    expect(types.report).toContain('no problems found');
    expect(types.ok).toBe(true);
  });

  /** The page's entry, bundled in `dir` as a browser app would be, for a fresh Node process to run:
   * one call with the options of `globalThis.CBP`, printing the error's kind and status. */
  const browserBundle = async (dir: string) => {
    const entry = path.join(dir, 'run-entry.ts');
    writeFileSync(
      entry,
      `import { createApiClient } from './src/api/client.js';
const { validateRequests, ...options } = (globalThis as unknown as ` +
        `{ CBP: Record<string, string> & { validateRequests: boolean } }).CBP;
const client = createApiClient({ ...options, validateRequests });
const r = await client.createPayment({ params: { path: { ` +
        `customer_id: 'cust-a-1' } }, body: { recipients: [] } as never });
console.log(JSON.stringify({ kind: r.apiError?.kind, status: r.apiError ` +
        `&& 'status' in r.apiError ? r.apiError.status : undefined }));
`,
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir: path.join(dir, 'run-out'),
      metafile: true,
      logLevel: 'silent',
    });
    const main = Object.keys(result.metafile.outputs).find(
      (o) => path.resolve(result.metafile.outputs[o]!.entryPoint ?? '') === path.resolve(entry),
    )!;
    return { main, outputs: result.metafile.outputs };
  };
  const runBundle = async (main: string, cbp: Record<string, unknown>) => {
    const script =
      `globalThis.CBP = ${JSON.stringify(cbp)}; await ` +
      `import(${JSON.stringify(pathToFileURL(path.resolve(main)).href)});`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    return JSON.parse(stdout) as unknown;
  };

  test('the browser bundle runs against `cbp mock`: its lazy chunks ' +
    'load (the token provider, the precompiled validators)', async () => {
    const { main, outputs } = await browserBundle(validatedDir);
    const mock: RunningSandbox = await sandboxOn0();
    try {
      // Asynchronously: the mock answers from this process.
      const run = async (
        validateRequests: boolean,
        auth: Record<string, string> = { clientId: CLIENT_A.id, clientSecret: CLIENT_A.secret },
      ) => {
        return runBundle(main, { baseUrl: mock.baseUrl, authUrl: mock.authUrl, ...auth, validateRequests });
      };
      // Validated in the page: never sent. Not validated: the token is fetched, the mock answers 400.
      expect(await run(true)).toEqual({ kind: 'validation' });
      expect(await run(false)).toEqual({ kind: 'http', status: 400 });
      // A browser app with a token its backend obtained never loads the client-credentials
      // provider: with its chunk deleted, the call still reaches the mock with the token.
      const providerChunks = Object.keys(outputs).filter((o) =>
        Object.keys(outputs[o]!.inputs).some((i) => /token-provider\.js$/.test(i)),
      );
      expect(providerChunks).toHaveLength(1);
      for (const chunk of providerChunks) rmSync(path.resolve(chunk));
      expect(await run(false, { accessToken: await token(mock) })).toEqual({ kind: 'http', status: 400 });
      // The check has teeth: a client with client credentials needs that chunk to get its token.
      expect(await run(false)).toEqual({ kind: 'network' });
    } finally {
      await mock.close();
    }
  }, 120_000);

  test('the default output in a browser bundle: its validators, compiled on first use by the ' +
    "runtime's ES module build of ajv, refuse the request; without validation the mock does", async () => {
    const { main } = await browserBundle(lazyDir);
    const mock: RunningSandbox = await sandboxOn0();
    try {
      const cbp = {
        baseUrl: mock.baseUrl,
        authUrl: mock.authUrl,
        clientId: CLIENT_A.id,
        clientSecret: CLIENT_A.secret,
      };
      expect(await runBundle(main, { ...cbp, validateRequests: true })).toEqual({ kind: 'validation' });
      expect(await runBundle(main, { ...cbp, validateRequests: false })).toEqual({ kind: 'http', status: 400 });
    } finally {
      await mock.close();
    }
  }, 120_000);
});
