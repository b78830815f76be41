import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ValidationOutcome } from 'cross-border-payments-runtime/client';
import type { ValidatorData } from 'cross-border-payments-runtime/validators/ajv';
import { generateValidators, writeOut } from './gen-helper.js';
import { removeOutDirs } from './harness.js';

afterAll(removeOutDirs);

type Api = {
  validateRequest(op: string, req: unknown): ValidationOutcome;
  validateResponse(op: string, s: number, ct: string, b: unknown): ValidationOutcome;
};
const g = globalThis as { __pwned?: unknown };

describe('hostile spec strings in validators', () => {
  it('hostile patterns, names, enum values and rule sources stay data (3.1)', async () => {
    const files = await generateValidators('test/fixtures/keywords/hostile-patterns.yaml', [
      'test/fixtures/keywords/hostile-patterns.overlay.yaml',
    ]);
    const api = (await import(pathToFileURL(join(writeOut(files, 'hostile'), 'validators.ts')).href)) as Api;
    const key = '`${globalThis.__pwned = 1}`';
    const good = api.validateRequest('createThing', {
      params: { id: '"); globalThis.__pwned = 1; ("' },
      query: { 'lim"it': '3' },
      body: { [key]: 'abc', ref: 'abc' },
    });
    expect(good.violations).toEqual([]);
    const bad = api.validateRequest('createThing', {
      params: { id: 'x' },
      query: { 'lim"it': '11', flags: 'true' },
      body: { [key]: 'ABC', ref: 'abcdefg' },
    });
    expect(bad.violations.map((v) => `${v.rule} ${v.pointer}`).sort()).toEqual([
      'schema.maximum /lim"it',
      'schema.pattern /`${globalThis.__pwned = 1}`',
      'schema.pattern /id',
    ]);
    // Validation stops at the body's first violation: the rule is seen once the pattern holds.
    const ruleOnly = api.validateRequest('createThing', {
      params: { id: '"); globalThis.__pwned = 1; ("' },
      body: { [key]: 'abc', ref: 'abcdefg' },
    });
    expect(ruleOnly.violations.map((v) => `${v.rule} ${v.pointer}`)).toEqual(['thing.ref-format /ref']);
    expect(ruleOnly.violations[0]!.source).toContain('${globalThis.__pwned = 1}');
    const k = 'k"); globalThis.__pwned = 1; ("';
    const hostile = api.validateRequest('createThing', {
      params: { id: '"); globalThis.__pwned = 1; ("' },
      body: {
        [key]: 'abc',
        [k]: '"); globalThis.__pwned = 1; ("',
        list: [{ [key]: '*/' }, { [key]: 'nope' }],
        mode: "'); globalThis.__pwned = 1; ('",
      },
    });
    expect(hostile.violations.map((v) => `${v.rule} ${v.pointer}`)).toEqual([
      'thing.kind-case /list/1/`${globalThis.__pwned = 1}`',
    ]);
    const when = api.validateRequest('createThing', {
      params: { id: '"); globalThis.__pwned = 1; ("' },
      body: {
        [key]: 'abc',
        [k]: '"); globalThis.__pwned = 1; ("',
        list: [{ [key]: '*/' }],
        mode: "'); globalThis.__pwned = 1; ('",
      },
    });
    expect(when.violations.map((v) => `${v.rule} ${v.pointer}`)).toEqual(['thing.when-hostile /constructor']);
    expect(g.__pwned).toBeUndefined();
  });

  it('OpenAPI 3.0: nullable and hostile names (colleague fixture)', async () => {
    const files = await generateValidators('test/fixtures/hostile/hostile-3.0.yaml', []);
    const dir = writeOut(files, 'hostile30');
    const api = (await import(pathToFileURL(join(dir, 'validators.ts')).href)) as Api;
    const { validatorData } = (await import(pathToFileURL(join(dir, 'validators-data.ts')).href)) as {
      validatorData: ValidatorData;
    };
    const opId = Object.entries(validatorData.operations).find(
      ([, op]) => op.params !== undefined && op.query !== undefined,
    )![0];
    // Item is `nullable: true` in 3.0: null is a valid 200 body, a number is not.
    expect(api.validateResponse(opId, 200, 'application/json', null).valid).toBe(true);
    expect(api.validateResponse(opId, 200, 'application/json', 5).valid).toBe(false);
    expect(g.__pwned).toBeUndefined();
  });
});
