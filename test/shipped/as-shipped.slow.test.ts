/**
 * The as-shipped tier: what a partner receives, used as README and docs/ say. `npm run pack` (README's
 * clone block), the tarballs installed into scratch partner projects (TypeScript strict ESM, and
 * a CommonJS one) with no registry access to our packages (neither is on a registry; the other
 * packages come from npm's cache or registry), and every documented command run as a separate
 * process through the installed `node_modules/.bin/cbp`. The `partner` shell blocks of README and
 * docs/ run in the partner project and their `clone` blocks in this clone, as written (README's
 * first: its terminal 1 starts the mock the later ones use). One pack and one install
 * serve every test (they run in order and build on each other).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILD_TOOLS } from '../../bench/lib/footprint.js';
import { productionInstall } from '../../bench/lib/production-install.js';
import { fencedBlocks, shellBlocks } from '../docs/readme-blocks.js';
import { ROOT } from '../generator/helpers/compile-output.js';
import { type Background, background, bash, cbp, RUNTIME, type Run, run, TOOLKIT, tarball } from './partner.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cbp-as-shipped-'));
const esm = path.join(scratch, 'partner-esm');
const cjs = path.join(scratch, 'partner-cjs');
const running: Background[] = [];
afterAll(async () => {
  await Promise.all(running.map((b) => b.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

/** A command that must succeed; its output is the failure message otherwise. */
function ok(r: Run): Run {
  expect(r.status, r.output).toBe(0);
  return r;
}
const dev = (names: string[]) => Object.fromEntries(names.map((n) => [n, TOOLKIT.devDependencies[n]!]));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
/** `npm …` in a clone block: what .ci/run does before this tier is not done twice. */
const CLONE_NPM = `npm() {
  case "$*" in
    ci|"ci "*|"run build"|test|"run test:slow") echo "(npm $*: .ci/run ran it before this tier)";;
    "run pack") command npm run pack -- --no-build;;
    *) command npm "$@";;
  esac
}
`;

let partnerFlow: Run;

beforeAll(() => {
  // README's Install block, in this clone: writes dist-pack/.
  const packBlock = shellBlocks('clone').find((b) => b.code.includes('npm run pack'));
  expect(packBlock, 'README has a clone block that runs npm run pack').toBeDefined();
  ok(bash(ROOT, CLONE_NPM + packBlock!.code));
  for (const pkg of [TOOLKIT, RUNTIME]) expect(existsSync(tarball(pkg)), tarball(pkg)).toBe(true);

  // A TypeScript strict ESM project with the tools a partner's project has (from npm's cache).
  write(
    path.join(esm, 'package.json'),
    JSON.stringify({
      name: 'partner-esm',
      version: '1.0.0',
      private: true,
      type: 'module',
      devDependencies: dev(['typescript', 'prettier', '@biomejs/biome', 'vitest', 'esbuild', '@types/node']),
    }),
  );
  write(
    path.join(esm, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['node'],
      },
      include: ['src', 'test', 'cbp.config.ts'],
    }),
  );
  // The partner flow (docs/getting-started/install.md), as written: install the toolkit, generate,
  // install what it printed.
  const blocks = shellBlocks('partner');
  expect(blocks.length).toBeGreaterThan(0);
  partnerFlow = bash(esm, blocks.map((b) => b.code).join('\n'));
}, 600_000);

describe('the TypeScript ESM partner project', () => {
  test('the documented partner flow installs from the tarballs alone and generates the packaged contract', () => {
    ok(partnerFlow);
    const manifest = JSON.parse(readFileSync(path.join(esm, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies[TOOLKIT.name]).toMatch(/^file:/);
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['ajv', RUNTIME.name]);
    expect(existsSync(path.join(esm, 'src/api/client.ts'))).toBe(true);
    expect(ok(cbp(esm, ['--version'])).stdout.trim()).toBe(TOOLKIT.version);
    // What the output imports is declared: --check passes only then.
    ok(cbp(esm, ['generate', '--out', 'src/api', '--check']));
  });

  test('generate --format prettier, then --check green with the formatter (and stale without it)', () => {
    write(path.join(esm, '.prettierrc.json'), JSON.stringify({ printWidth: 100 }));
    const r = ok(cbp(esm, ['generate', '--out', 'src/api', '--format', 'prettier']));
    expect(r.output).not.toMatch(/internal error|TypeError/);
    // prettier's default double quotes: it did format the output.
    expect(readFileSync(path.join(esm, 'src/api/client.ts'), 'utf8')).toMatch(/from "cross-border-payments-runtime\//);
    ok(cbp(esm, ['generate', '--out', 'src/api', '--format', 'prettier', '--check']));
    expect(cbp(esm, ['generate', '--out', 'src/api', '--check']).status).toBe(1);
  });

  test('generate --format biome, then --check green', () => {
    write(path.join(esm, 'biome.json'), JSON.stringify({ formatter: { indentStyle: 'space', lineWidth: 100 } }));
    ok(cbp(esm, ['generate', '--out', 'src/biome', '--plugins', 'client', '--format', 'biome']));
    ok(cbp(esm, ['generate', '--out', 'src/biome', '--plugins', 'client', '--format', 'biome', '--check']));
    expect(cbp(esm, ['generate', '--out', 'src/biome', '--plugins', 'client', '--check']).status).toBe(1);
  });

  test('generate --watch regenerates when the document is saved, and Ctrl-C stops it with exit 0', async () => {
    // A partner's own copy of the contract (spec/ is then what `cbp generate` reads).
    cpSync(path.join(esm, 'node_modules', TOOLKIT.name, 'spec'), path.join(esm, 'spec'), { recursive: true });
    const watch = background(
      path.join(esm, 'node_modules/.bin/cbp'),
      ['generate', '--watch', '--plugins', 'client', '--out', 'src/watched'],
      esm,
    );
    running.push(watch);
    await watch.waitFor(/watching \d+ files/, 60_000);
    await watch.waitFor(/src\/watched: \d+ written/, 60_000);
    const spec = path.join(esm, 'spec/openapi.yaml');
    // An edit the output shows (the operation's summary is its doc comment).
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('summary: Obtain an access token', 'summary: Take a token'));
    await watch.waitFor(/changed: spec\/openapi\.yaml[\s\S]*src\/watched: [1-9]\d* written/, 60_000);
    expect(readFileSync(path.join(esm, 'src/watched/client.ts'), 'utf8')).toContain('Take a token');
    expect(await watch.stop()).toBe(0);
  });

  test('the documented cbp.config.ts with defineConfig generates its outputs, and --check is green', () => {
    const config = fencedBlocks().find((b) => b.lang === 'ts' && b.code.startsWith('// cbp.config.ts'));
    expect(config).toBeDefined();
    write(path.join(esm, 'cbp.config.ts'), config!.code);
    const r = ok(cbp(esm, ['generate']));
    expect(r.output).toMatch(/src\/client/);
    expect(existsSync(path.join(esm, 'src/client/client.ts'))).toBe(true);
    expect(existsSync(path.join(esm, 'test/server/server.ts'))).toBe(true);
    expect(readdirSync(path.join(esm, 'test/handlers')).length).toBeGreaterThan(0);
    ok(cbp(esm, ['generate', '--check']));
  });

  test('the generated client bundles for the browser (esbuild, code-split), with no Node built-in', () => {
    write(
      path.join(esm, 'src/browser.ts'),
      `import { createPaymentsClient } from './api/client.js';
const client = createPaymentsClient({ baseUrl: location.origin, accessToken: () => 'token' });
const r = await client.getThirdParty({ params: { path: { customer_id: 'c-1', client_customer_reference: 'tp-1' } } });
document.body.textContent = r.apiError ? r.apiError.kind : JSON.stringify(r.data);
`,
    );
    const out = path.join(esm, 'out/browser');
    const r = run(
      path.join(esm, 'node_modules/.bin/esbuild'),
      [
        'src/browser.ts',
        '--bundle',
        '--splitting',
        '--format=esm',
        '--platform=browser',
        '--minify',
        `--outdir=${out}`,
      ],
      esm,
    );
    ok(r);
    const js = readdirSync(out).map((f) => readFileSync(path.join(out, f), 'utf8'));
    expect(js.join('\n')).not.toMatch(/["']node:/);
  });

  test("the Node API and the generated client from the partner's own vitest test; the whole project type-checks under strict", () => {
    write(
      path.join(esm, 'test/api.test.ts'),
      `import { startSandbox } from '${TOOLKIT.name}';
import { afterAll, expect, test } from 'vitest';
import { createPaymentsClient } from '../src/api/client.js';

const mock = await startSandbox({ port: 0 });
afterAll(() => mock.close());

test('a token from the sandbox, through the generated client', async () => {
  const client = createPaymentsClient({
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    clientId: 'sandbox-client-a',
    clientSecret: 'sandbox-secret-a',
  });
  const r = await client.requestAccessToken({
    body: { grant_type: 'client_credentials', client_id: 'sandbox-client-a', client_secret: 'sandbox-secret-a' },
  });
  expect(r.apiError).toBeUndefined();
  expect(r.data?.token_type).toBe('bearer');
});
`,
    );
    const r = ok(run(path.join(esm, 'node_modules/.bin/vitest'), ['run', 'test/api.test.ts'], esm));
    expect(r.output).toMatch(/1 passed/);
    ok(run(path.join(esm, 'node_modules/.bin/tsc'), ['-p', '.'], esm));
  });

  test('cbp mock: started, probed on the token endpoint, the quickstart runs against it, Ctrl-C stops it', async () => {
    const mock = background(path.join(esm, 'node_modules/.bin/cbp'), ['mock', '--port', '0', '--quiet'], esm);
    running.push(mock);
    const [, url] = await mock.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const res = await fetch(`${url}/auth/oauth/v2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sandbox-client-a',
        client_secret: 'sandbox-secret-a',
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access_token?: string }).access_token).toBeTruthy();
    // The quickstart as packaged (README's five-minute try: `node dist/examples/quickstart/run.js <base URL>`).
    const quickstart = path.join(esm, 'node_modules', TOOLKIT.name, 'dist/examples/quickstart/run.js');
    const q = ok(run(process.execPath, [quickstart, url!], esm));
    expect(q.stdout).toMatch(/^done: pay_\S+ PAYMENT_COMPLETED/m);
    expect(await mock.stop()).toBe(0);
  });

  test('cbp conformance against the embedded mock, with the JUnit, HAR and markdown reports', () => {
    mkdirSync(path.join(esm, 'reports'));
    const r = ok(
      cbp(esm, [
        'conformance',
        '--report',
        'junit=reports/conformance.xml',
        '--report',
        'har=reports/conformance.har',
        '--report',
        'markdown=reports/conformance.md',
      ]),
    );
    expect(r.stdout).toMatch(/^0 failed/m);
    expect(readFileSync(path.join(esm, 'reports/conformance.xml'), 'utf8')).toMatch(/<testcase /);
    const har = JSON.parse(readFileSync(path.join(esm, 'reports/conformance.har'), 'utf8')) as {
      log: { entries: unknown[] };
    };
    expect(har.log.entries.length).toBeGreaterThan(100);
    expect(readFileSync(path.join(esm, 'reports/conformance.md'), 'utf8')).toMatch(/^\|/m);
  });

  test('cbp conformance consumer against the packaged example consumer', async () => {
    const secret = `whsec_${Buffer.from('as-shipped tier secret, 32 bytes').toString('base64')}`;
    const main = path.join(esm, 'node_modules', TOOLKIT.name, 'dist/examples/webhook-consumer/main.js');
    const consumer = background(process.execPath, [main], esm, { CBP_WEBHOOK_SECRET: secret, PORT: '0' });
    running.push(consumer);
    const [, port] = await consumer.waitFor(/listening (\d+)/);
    const r = ok(
      cbp(
        esm,
        [
          'conformance',
          'consumer',
          '--url',
          `http://127.0.0.1:${port}/webhooks`,
          '--state-url',
          `http://127.0.0.1:${port}/payments`,
        ],
        { CBP_WEBHOOK_SECRET: secret },
      ),
    );
    expect(r.stdout).toMatch(/^0 failed/m);
    consumer.child.kill('SIGTERM');
    await consumer.stop();
  });
});

describe('the production install of that setup (toolkit devDependency, runtime dependency)', () => {
  const app = path.join(scratch, 'production');
  const base = { toolkitTarball: tarball(TOOLKIT), runtimeTarball: tarball(RUNTIME) };
  test('npm ci --omit=dev without validation: the runtime package alone, <= 1 MB, no build tool', () => {
    // The client core is the runtime's own: nothing else ships (<= 3 packages was the budget).
    const r = productionInstall(app, { ...base, dependencies: {} });
    expect(r.names).toEqual([RUNTIME.name]);
    expect(r.bytes).toBeLessThanOrEqual(1_000_000);
    expect(r.names.filter((n) => BUILD_TOOLS.includes(n))).toEqual([]);
  });
  test('with validation (ajv): <= 4 MB, no build tool', () => {
    const r = productionInstall(app, {
      ...base,
      dependencies: { ajv: TOOLKIT.dependencies.ajv! },
    });
    expect(r.names).toContain('ajv');
    expect(r.bytes).toBeLessThanOrEqual(4_000_000);
    expect(r.names.filter((n) => BUILD_TOOLS.includes(n))).toEqual([]);
  });
});

describe('a CommonJS partner project', () => {
  test('installs the tarballs; generate --format prettier (a .prettierrc.cjs) then --check', () => {
    write(
      path.join(cjs, 'package.json'),
      JSON.stringify({
        name: 'partner-cjs',
        version: '1.0.0',
        private: true,
        devDependencies: { ...dev(['prettier']), [TOOLKIT.name]: `file:${tarball(TOOLKIT)}` },
        dependencies: {
          [RUNTIME.name]: `file:${tarball(RUNTIME)}`,
        },
      }),
    );
    write(path.join(cjs, '.prettierrc.cjs'), 'module.exports = { semi: false };\n');
    ok(run('npm', ['install'], cjs));
    ok(cbp(cjs, ['generate', '--out', 'src/api', '--plugins', 'client', '--format', 'prettier']));
    expect(readFileSync(path.join(cjs, 'src/api/client.ts'), 'utf8')).not.toMatch(/;\n/);
    ok(cbp(cjs, ['generate', '--out', 'src/api', '--plugins', 'client', '--format', 'prettier', '--check']));
  });
});

describe('the clone blocks of README and docs/, in this clone', () => {
  test('run as written (the mock of terminal 1 on a free port, the others pointed at it)', async () => {
    const blocks = shellBlocks('clone').filter((b) => !b.code.includes('npm run pack'));
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    let url: string | undefined;
    const consumerPort = String(await freePort());
    for (const block of blocks) {
      // Terminal 1: `npx cbp mock` runs until Ctrl-C; started here in the background.
      const lines = block.code.split('\n');
      if (lines.some((l) => /^npx cbp mock\s*$/.test(l))) {
        ok(bash(ROOT, CLONE_NPM + lines.filter((l) => !/^npx cbp mock\s*$/.test(l)).join('\n')));
        const mock = background('npx', ['cbp', 'mock', '--port', '0', '--quiet'], ROOT);
        running.push(mock);
        url = (await mock.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 60_000))[1];
        continue;
      }
      const script = url === undefined ? block.code : block.code.replaceAll('http://127.0.0.1:4010', url);
      const r = bash(ROOT, CLONE_NPM + script.replaceAll('8787', consumerPort), url ? { CBP_BASE_URL: url } : {});
      expect(r.status, `${block.file}:${block.line}\n${r.output}`).toBe(0);
      expect(r.output, `${block.file}:${block.line}`).not.toMatch(/internal error|"errors"/);
    }
    expect(url, 'a clone block starts the mock').toBeDefined();
  });
});
