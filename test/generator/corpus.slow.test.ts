/**
 * Provider descriptions shipped in npm packages (3.0 and 3.1, up to 4.8 MB), each generated with
 * every default emitter and its whole output type-checked under `strict` and under
 * @tsconfig/strictest, in tsc processes with Node's default heap (what a host project's CI has).
 * The GitHub REST description (13 MB) and @readme/oas-examples run in
 * real-documents.slow.test.ts; the multi-file case by URL in document-slips.test.ts. A large
 * multi-file description (hundreds of files) is derived from the GitHub one by splitting it
 * (bench/lib/split-document.ts): no npm package ships one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { splitDocument, type SplitResult } from '../../bench/lib/split-document.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileOutput, ROOT, type CompiledOutput } from './helpers/compile-output.js';
import { generateAll, type RealRun } from './helpers/real-document-run.js';

/** A document we do not handle yet (reported, not fixed here): instead of the three tests, one
 * that its symptom is still there, so the suite fails once the defect is fixed and the entry is
 * moved to the passing documents. */
interface KnownDefect {
  /** false: generation is refused, the symptom is in the one-line error; else in tsc's output. */
  generates: boolean;
  symptom: RegExp;
  why: string;
}

/** Package path, OpenAPI version, known defect: the table the README's "verified on" list is
 * taken from. */
const CORPUS: Array<[file: string, version: string, knownDefect?: KnownDefect]> = [
  ['@blockfrost/openapi/openapi.yaml', '3.0.3'], // `type: null` members repaired
  ['@ideal-postcodes/openapi/dist/openapi.json', '3.0.3'],
  ['shipengine-openapi/openapi.yaml', '3.0.0'],
  ['@directus/specs/dist/openapi.json', '3.0.1'],
  ['rclone-openapi/openapi.yaml', '3.1.0'],
  ['@figma/rest-api-spec/openapi/openapi.yaml', '3.1.0'],
  ['@gitbook/api/spec/openapi.yaml', '3.1.0'],
  ['@octokit/openapi-webhooks/generated/api.github.com.json', '3.1.0'], // 4.8 MB
  // Multi-file: each server's description `$ref`s ./schemas.yaml (7.1.1 is the newest release
  // that ships the split files; later ones ship them bundled).
  ['@interledger/open-payments/dist/openapi/specs/wallet-address-server.yaml', '3.1.0'],
  // A shared schema bundled inside another component's anyOf (hoisted), and a schema $ref naming
  // a Parameter Object (re-pointed at its schema): both repaired with a warning.
  ['@interledger/open-payments/dist/openapi/specs/auth-server.yaml', '3.1.0'],
  ['@interledger/open-payments/dist/openapi/specs/resource-server.yaml', '3.1.0'],
  // Large multi-file descriptions that no npm package ships, from a local checkout (absolute
  // paths, separated by the platform's path delimiter), e.g. the DigitalOcean description
  // (1,528 files; specification/DigitalOcean-public.v2.yaml of the digitalocean/openapi repository).
  ...(process.env.CBP_CORPUS_EXTRA ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((file): [string, string] => [file, 'from CBP_CORPUS_EXTRA']),
];

describe.each(CORPUS)('%s (OpenAPI %s)', (file, _version, knownDefect) => {
  const spec = path.resolve(ROOT, 'node_modules', file);
  let run: Omit<RealRun, 'compiled'>;
  let strict: CompiledOutput | undefined;
  let strictest: CompiledOutput | undefined;
  beforeAll(async () => {
    run = await generateAll([spec]);
    if (Object.keys(run.generated).length === 0) return;
    // No --max-old-space-size: the output must fit the heap a host project's tsc gets.
    strict = await compileOutput(run.generated);
    strictest = await compileOutput(run.generated, { strictest: true });
  }, 1_800_000);
  afterAll(() => {
    strict?.cleanup();
    strictest?.cleanup();
  });

  if (knownDefect !== undefined) {
    test(`known defect still there: ${knownDefect.why}`, () => {
      const seen = knownDefect.generates ? `${strict?.diagnostics}` : Object.values(run.refused).join('\n');
      expect(seen).toMatch(knownDefect.symptom);
    });
    return;
  }

  test('generates', () => {
    expect(run.refused).toEqual({});
  });

  test('the whole output type-checks under strict', () => {
    expect(strict?.completed).toBe(true);
    expect(strict?.diagnostics).toBe('');
  });

  test('the whole output type-checks under @tsconfig/strictest', () => {
    expect(strictest?.completed).toBe(true);
    expect(strictest?.diagnostics).toBe('');
  });
});

describe('GitHub REST split into files the way `redocly split` lays them out (multi-file, derived)', () => {
  const original = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
  const doc = JSON.parse(readFileSync(original, 'utf8')) as Record<string, unknown>;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-split-github-'));
  let split: SplitResult;
  let run: Omit<RealRun, 'compiled'>;
  let strict: CompiledOutput | undefined;
  let strictest: CompiledOutput | undefined;
  beforeAll(async () => {
    split = splitDocument(doc, dir);
    run = await generateAll([split.root]);
    if (Object.keys(run.generated).length === 0) return;
    strict = await compileOutput(run.generated);
    strictest = await compileOutput(run.generated, { strictest: true });
  }, 1_800_000);
  afterAll(() => {
    strict?.cleanup();
    strictest?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('is hundreds of files, with references into the middle of other files', () => {
    expect(split.files).toBeGreaterThan(2000);
    expect(split.intoFiles).toBeGreaterThan(10);
  });

  test('generates, with every path of the original typed', () => {
    expect(run.refused).toEqual({});
    const types = Object.values(run.generated)[0]?.find((f) => f.path === 'types.ts')?.contents ?? '';
    const missing = Object.keys(doc.paths as object).filter((p) => !types.includes(`${JSON.stringify(p)}: {`));
    expect(missing).toEqual([]);
  });

  test('the whole output type-checks under strict', () => {
    expect(strict?.completed).toBe(true);
    expect(strict?.diagnostics).toBe('');
  });

  test('the whole output type-checks under @tsconfig/strictest', () => {
    expect(strictest?.completed).toBe(true);
    expect(strictest?.diagnostics).toBe('');
  });
});

describe('GitHub REST split with every component listed in the root (the other common layout)', () => {
  const original = path.join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-split-github-listed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each file bundled back where its component was: every output is the single file's, byte for
  // byte, but for the header line naming the source file and its hash.
  test('generates the same files as the single file, apart from the header naming the source', async () => {
    const doc = JSON.parse(readFileSync(original, 'utf8')) as Record<string, unknown>;
    const split = splitDocument(doc, dir, { componentsInRoot: true, intoFiles: false });
    const [one, many] = await Promise.all([generateAll([original]), generateAll([split.root])]);
    const body = (run: Omit<RealRun, 'compiled'>) =>
      Object.fromEntries(
        (Object.values(run.generated)[0] ?? []).map((f) => [
          f.path,
          f.contents.replace(/^\/\/ Generated by .* from \S+ sha256:[0-9a-f]+\n/, ''),
        ]),
      );
    expect(many.refused).toEqual({});
    const expected = body(one);
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(body(many)).toEqual(expected);
  }, 600_000);
});
