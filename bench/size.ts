/**
 * `npm run bench size`: what an app that imports the generated Cross-Border Payments client pays
 * in production, beside openapi-typescript + openapi-fetch and hey-api on the same document, and
 * the packed runtime package's types check. The budgets are checked by
 * test/size/budgets.slow.test.ts (npm run test:slow); this prints the figures.
 */
import path from 'node:path';
import {
  type Bundle,
  BUDGETS,
  bundle,
  generateClient,
  heyApiEntry,
  kB,
  openapiFetchEntry,
  openapiFetchVersion,
  ourEntry,
  productionInstall,
  typesCheck,
  workspace,
} from './lib/footprint.js';

const ws = workspace();
try {
  const plain = generateClient(ws, 'plain', { validators: false });
  const validated = generateClient(ws, 'validated', { validators: true });
  const standalone = generateClient(ws, 'standalone', { validators: true, standalone: true });
  const fetchDir = path.join(ws.dir, 'openapi-fetch');
  const installs = {
    plain: productionInstall(ws, plain.dir, plain.dependencies),
    validated: productionInstall(ws, validated.dir, validated.dependencies),
    standalone: productionInstall(ws, standalone.dir, standalone.dependencies),
    openapiFetch: productionInstall(ws, fetchDir, { 'openapi-fetch': openapiFetchVersion() }),
  };
  const bundles = {
    plain: await bundle(ourEntry(plain, false)),
    offWithValidators: await bundle(ourEntry(validated, false)),
    validated: await bundle(ourEntry(validated, true)),
    standalone: await bundle(ourEntry(standalone, true)),
    openapiFetch: await bundle(openapiFetchEntry(fetchDir)),
    heyApi: await bundle(heyApiEntry(ws)),
  };
  const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);
  // The page's gzip figure in bytes too: the budget is held to the byte.
  const b = (x: Bundle) => `${kB(x.initialMin)} / ${kB(x.initialGzip)} (${x.initialGzip.toLocaleString('en')} bytes)`;
  const v = (x: Bundle) =>
    `${kB(x.validatedMin)} / ${kB(x.validatedGzip)} (${kB(x.initialMin)} / ${kB(x.initialGzip)} before the first call)`;
  row([
    'production cost of an app that imports the generated client',
    'cbp (cross-border-payments-runtime)',
    'openapi-typescript + openapi-fetch',
    'hey-api (fetch client)',
    'budget',
  ]);
  row(['---', '---', '---', '---', '---']);
  row([
    '`npm install --omit=dev`, client without validation',
    `${kB(installs.plain.bytes)}, ${installs.plain.packages} packages`,
    `${kB(installs.openapiFetch.bytes)}, ${installs.openapiFetch.packages} packages`,
    '0 (client copied into the output)',
    `<= ${kB(BUDGETS.installWithoutValidation)}`,
  ]);
  row([
    '`npm install --omit=dev`, with request validation',
    `${kB(installs.validated.bytes)}, ${installs.validated.packages} packages`,
    '',
    '',
    `<= ${kB(BUDGETS.installWithValidation)}`,
  ]);
  row([
    'browser bundle, client + one call, min / gzip, `--plugins client`',
    b(bundles.plain),
    b(bundles.openapiFetch),
    b(bundles.heyApi),
    `<= ${kB(BUDGETS.bundleWithoutValidationGzip)} gzip`,
  ]);
  row([
    'the same with validators generated, `validateRequests: false`',
    b(bundles.offWithValidators),
    '',
    '',
    `<= ${kB(BUDGETS.bundleWithoutValidationGzip)} gzip`,
  ]);
  row(['`validateRequests: true` (validators compiled on first use)', v(bundles.validated), '', '', '']);
  row([
    '`validateRequests: true`, validators option `standalone` (precompiled)',
    v(bundles.standalone),
    '',
    '',
    `<= ${kB(BUDGETS.bundleWithValidationGzip)} gzip`,
  ]);
  const types = typesCheck(ws);
  console.log(`\nattw on the packed runtime package: ${types.ok ? 'ok' : 'PROBLEMS'}: ${types.report}`);
  console.log(`production install, no validation: ${installs.plain.names.join(', ')}`);
} finally {
  ws.cleanup();
}
