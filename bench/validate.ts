/**
 * Request validation throughput: a three-recipient Create payment (v3) request checked by
 * (1) our generated validateRequest (schema + every stateless rule, path params included), and
 *     the same on a hostile body of 1,000 empty recipients (what an invalid request costs),
 * (2) openapi-backend's validateRequest on the same document and body,
 * (3) plain ajv compiled from the same body schema without the rule keywords ($refs kept),
 * (4) the same, with components inlined as our emitter does (isolates the rules' own cost).
 * Targets: (1) >= 50x (2) and >= 0.5x (3).
 * This process generates (output and prepared schemas in tmp/), a fresh one measures
 * (bench/lib/fresh-process.ts says why).
 * Run: `npm run bench validate`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import { generate } from '../api/index.js';
import { createAjv } from '../generator/validation/create-ajv.js';
import { ruleKeywords } from '../kits/payments/keywords/index.js';
import { componentsSchema, prepareSchema } from '../generator/validation/prepare-schema.js';
import { packageInfo } from '../generator/package-info.js';
import { generateThenMeasure } from './lib/fresh-process.js';

// The package root, whether this runs from bench/ (sources) or dist/bench/ (npm run bench).
const ROOT = packageInfo().root;
const OUT = path.join(ROOT, 'tmp', 'bench-validate');
const SCHEMAS = path.join(OUT, 'bench-schemas.json');

/** The part of openapi-backend used here. It is a peer tool, installed apart (`npm ci --prefix tools`). */
interface Backend {
  init(): Promise<unknown>;
  validateRequest(request: unknown, operationId: string): { valid: boolean };
}
type BackendClass = new (options: { definition: unknown; quick: boolean; validate: boolean }) => Backend;
function openapiBackend(): BackendClass | undefined {
  try {
    return (
      createRequire(path.join(ROOT, 'tools', 'package.json'))('openapi-backend') as { OpenAPIBackend: BackendClass }
    ).OpenAPIBackend;
  } catch {
    return undefined;
  }
}

const body = {
  purpose_of_transaction: 'PROPERTY_PURCHASE',
  amount: { currency: 'GBP', value: 100 },
  recipient_details: [
    { recipient_id: 'r-1', amount: { currency: 'GBP', value: 33.33 }, purpose_of_transaction: 'PROPERTY_PURCHASE' },
    { recipient_id: 'r-2', amount: { currency: 'GBP', value: 33.33 }, payment_reference: 'INV-2' },
    { recipient_id: 'r-3', amount: { currency: 'GBP', value: 33.34 }, purpose_of_transaction: 'BILL_PAYMENTS' },
  ],
  client_reference_id: 'ref-0001',
  is_third_party_payment: true,
  client_customer_ref: 'tp-1',
};
const params = { customer_id: 'cust-1' };
/** A hostile body: 1,000 empty recipients, each missing its required fields. */
const invalidBody = { ...body, recipient_details: Array.from({ length: 1000 }, () => ({})) };

function measure(label: string, fn: () => boolean, ms = 1500, expectValid = true): number {
  for (let i = 0; i < 20_000; i++) fn(); // warm up
  let n = 0;
  let ok = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    for (let i = 0; i < 1000; i++) if (fn() === expectValid) ok++;
    n += 1000;
    t = performance.now();
  }
  if (ok !== n)
    throw new Error(`${label}: the ${expectValid ? 'valid request was rejected' : 'invalid request was accepted'}`);
  const opsPerSec = n / ((t - t0) / 1000);
  console.log(`${label.padEnd(48)} ${Math.round(opsPerSec).toLocaleString('en-US').padStart(12)} ops/s`);
  return opsPerSec;
}

interface PreparedSchemas {
  components: object;
  body: object;
  /** The body schema with components inlined the way our emitter does it. */
  inlinedBody: object;
}

/** Generates the validators into OUT and writes the schemas the plain ajv rows compile. */
async function prepare(): Promise<void> {
  const result = await generate(
    {
      spec: 'spec/openapi.yaml',
      overlays: ['spec/rules.overlay.yaml'],
      out: OUT,
      check: false,
      clientFactoryName: 'createApiClient',
      plugins: ['validators', 'payments'],
    },
    { cwd: ROOT },
  );
  rmSync(OUT, { recursive: true, force: true });
  for (const f of result.files) {
    mkdirSync(path.dirname(path.join(OUT, f.path)), { recursive: true });
    writeFileSync(path.join(OUT, f.path), f.contents);
  }
  const op = result.model.operations.find((o) => o.id === 'createPayment')!;
  const prep = { openapi30: false, formats: new Set<string>(), patterns: new Set<string>(), at: '' };
  const schemas: PreparedSchemas = {
    components: componentsSchema(result.model.schemas, prep) as object,
    body: prepareSchema(op.requestBody!.schemas['application/json'], prep) as object,
    inlinedBody: prepareSchema(op.requestBody!.schemas['application/json'], {
      ...prep,
      components: result.model.schemas,
    }) as object,
  };
  writeFileSync(SCHEMAS, JSON.stringify(schemas));
}

async function measureAll(): Promise<void> {
  const ours = (await import(pathToFileURL(path.join(OUT, 'validators.ts')).href)) as {
    validateRequest(op: string, req: unknown): { valid: boolean };
  };
  const schemas = JSON.parse(readFileSync(SCHEMAS, 'utf8')) as PreparedSchemas;
  // Same ajv options as the emitter (no unevaluated/dynamicRef bookkeeping: the spec uses neither).
  const ajv = createAjv({
    openapi31: true,
    coerce: false,
    unicodeRegExp: true,
    unknownFormats: [],
    features: new Set(),
    keywords: ruleKeywords,
  });
  ajv.addSchema(schemas.components);
  const plain = ajv.compile(schemas.body);
  const inlinedPlain = ajv.compile(schemas.inlinedBody);

  const doc = parse(readFileSync(path.join(ROOT, 'spec/openapi.yaml'), 'utf8'));
  const OpenAPIBackend = openapiBackend();
  // quick: skips openapi-backend's own document validation (its 3.0 meta-schema rejects this
  // 3.1 document) and compiles validators lazily (the warm-up compiles them).
  const backend = OpenAPIBackend && new OpenAPIBackend({ definition: doc, quick: true, validate: true });
  await backend?.init();
  const request = {
    method: 'POST',
    path: '/v3/customers/cust-1/payments',
    body,
    headers: { 'content-type': 'application/json' },
    query: {},
  };

  const r1 = measure(
    'cbp validateRequest (schema + stateless rules)',
    () => ours.validateRequest('createPayment', { params, body }).valid,
  );
  const r2 = backend
    ? measure('openapi-backend validateRequest', () => backend.validateRequest(request, 'createPayment').valid, 1000)
    : Number.NaN;
  if (!backend) console.log('openapi-backend validateRequest: not measured (npm ci --prefix tools installs it)');
  // What a hostile body costs: validation stops at its first violation (validation-options.ts).
  measure(
    'cbp validateRequest, 1,000 empty recipients',
    () => ours.validateRequest('createPayment', { params, body: invalidBody }).valid,
    1000,
    false,
  );
  const r3 = measure('plain ajv (body schema, no rule keywords)', () => plain(body) as boolean);
  const r4 = measure('plain ajv, components inlined like ours', () => inlinedPlain(body) as boolean);
  console.log(`ratio cbp / openapi-backend: ${(r1 / r2).toFixed(1)}x (target >= 50x)`);
  console.log(`ratio cbp / plain ajv:       ${(r1 / r3).toFixed(2)}x (target >= 0.5x)`);
  console.log(`ratio cbp / inlined ajv:     ${(r1 / r4).toFixed(2)}x (cost of the rules and params alone)`);
}

generateThenMeasure(import.meta.url, {
  prepare,
  measure: measureAll,
  cleanup: () => rmSync(OUT, { recursive: true, force: true }),
}).catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
