/**
 * Every example a corpus document carries (helpers/example-sites.ts: media types, parameters,
 * headers, schema-level `example`/`examples`, components, webhooks, callbacks) is run through the
 * validators generated for it: request bodies, responses, parameters and webhook payloads through
 * the generated entry points, every other schema through the generated validator data and runtime
 * (helpers/generated-validators.ts). An example they reject must also be rejected by plain ajv on
 * the document's own schema (helpers/independent-validator.ts) and be listed, with the reason, in
 * test/fixtures/generator/corpus-examples/provider-errors.json: then it is the provider's error.
 * Anything else is our defect: it fails the test unless it is listed, reported and not yet fixed,
 * in known-defects.json beside it. A listed error or defect that no longer occurs fails too (the
 * lists stay true). CBP_UPDATE_PROVIDER_ERRORS=1 rewrites the provider list from what is found.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadDocument } from '../../generator/load/load-document.js';
import { ROOT } from './helpers/compile-output.js';
import { collectExamples } from './helpers/example-sites.js';
import { importGenerated } from './helpers/generated-validators.js';
import { independentValidator } from './helpers/independent-validator.js';
import { exampleJudge } from './helpers/judge-example.js';

const CORPUS = [
  '@blockfrost/openapi/openapi.yaml',
  '@ideal-postcodes/openapi/dist/openapi.json',
  'shipengine-openapi/openapi.yaml',
  '@directus/specs/dist/openapi.json',
  'rclone-openapi/openapi.yaml',
  '@figma/rest-api-spec/openapi/openapi.yaml',
  '@gitbook/api/spec/openapi.yaml',
  '@octokit/openapi-webhooks/generated/api.github.com.json',
  '@interledger/open-payments/dist/openapi/specs/auth-server.yaml',
  '@interledger/open-payments/dist/openapi/specs/wallet-address-server.yaml',
  '@interledger/open-payments/dist/openapi/specs/resource-server.yaml',
];

const LIST = path.join(ROOT, 'test/fixtures/generator/corpus-examples/provider-errors.json');
/** Document → example pointer → what is wrong with it (plain ajv's words). */
type ProviderErrors = Record<string, Record<string, string>>;
const readList = (): ProviderErrors => JSON.parse(readFileSync(LIST, 'utf8')) as ProviderErrors;
/** Document → example pointer → our defect that rejects it (reported, not fixed yet). */
const KNOWN_DEFECTS = JSON.parse(
  readFileSync(path.join(path.dirname(LIST), 'known-defects.json'), 'utf8'),
) as ProviderErrors;

describe.each(CORPUS)('examples of %s', (file) => {
  test('every example the generated validators reject is a listed provider error that plain ajv confirms', async () => {
    const spec = path.join(ROOT, 'node_modules', file);
    const result = await generate(
      { spec, overlays: [], out: 'unused', check: false, clientFactoryName: 'createApiClient' },
      { cwd: ROOT },
    );
    const generated = await importGenerated(result.files);
    const { document } = await loadDocument(spec, { cwd: ROOT });
    const operationIds = new Map(
      Object.values(generated.operations).map((o) => [`${o.method.toLowerCase()} ${o.path}`, o.id]),
    );
    const webhookIds = new Map(Object.values(generated.webhooks).map((w) => [w.name, w.id]));
    const { sites, external } = collectExamples(document, operationIds, webhookIds);
    const judge = exampleJudge(generated, sites, document);

    const plainAjv = independentValidator(document);
    const confirmed: Record<string, string> = {};
    const defects: string[] = [];
    const knownDefects = KNOWN_DEFECTS[file] ?? {};
    const knownSeen: string[] = [];
    const kinds: Record<string, number> = {};
    for (const site of sites) {
      kinds[site.target.kind] = (kinds[site.target.kind] ?? 0) + 1;
      const ours = judge(site);
      if (ours === undefined) continue;
      if (Object.hasOwn(knownDefects, site.where)) {
        knownSeen.push(site.where);
        continue;
      }
      const theirs = plainAjv(site.schemaPointer, site.value);
      if (theirs === undefined) defects.push(`${site.where}: generated validators say ${ours}; plain ajv accepts`);
      else if (theirs.startsWith('unjudged'))
        defects.push(`${site.where}: generated validators say ${ours}; ${theirs}`);
      else confirmed[site.where] = theirs;
    }

    if (process.env.CBP_UPDATE_PROVIDER_ERRORS === '1') {
      const list = readList();
      if (Object.keys(confirmed).length > 0)
        list[file] = Object.fromEntries(Object.entries(confirmed).sort(([a], [b]) => a.localeCompare(b)));
      else delete list[file];
      writeFileSync(
        LIST,
        `${JSON.stringify(Object.fromEntries(Object.entries(list).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`,
      );
    }
    const listed = readList()[file] ?? {};
    const unlisted = Object.keys(confirmed).filter((w) => !Object.hasOwn(listed, w));
    const noLongerRejected = [
      ...Object.keys(listed).filter((w) => !Object.hasOwn(confirmed, w)),
      ...Object.keys(knownDefects).filter((w) => !knownSeen.includes(w)),
    ];
    console.log(
      `${file}: ${sites.length} examples checked (${Object.entries(kinds)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}), ${Object.keys(confirmed).length} provider errors, ${defects.length} ` +
        `defects (${knownSeen.length} known), ${external.length} externalValue not fetched`,
    );
    expect({ defects, unlisted, noLongerRejected }).toEqual({ defects: [], unlisted: [], noLongerRejected: [] });
  }, 600_000);
});
