/**
 * Adding a generic stateless rule keyword takes one module and one registry line: a throw-away
 * keyword written as one file into (a copy of) the runtime's rules/, added to the validators
 * plugin's keyword list, is checked at generate time, exported by validators-runtime.ts and
 * enforced by the generated validators compiled on first use (the default output).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../../api/index.js';
import { corePlugins } from '../../../generator/plugins/index.js';
import type { Plugin } from '../../../generator/plugins/plugin.js';
import type { RuleKeyword } from 'cross-border-payments-runtime/validators';
import type { RuleViolation } from 'cross-border-payments-runtime/client';
import { ROOT } from './harness.js';

const dir = join(ROOT, 'tmp', 'h3-tests', `add-keyword-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one file: params schema, check, negative-case mutation. */
const KEYWORD_MODULE = `
import { defineRuleKeyword, POINTER } from './keyword.js';
import { withValue } from './mutate.js';
import { getAt, parsePointerPattern } from './pointer.js';
import type { RuleCheck } from './types.js';

export interface EvenLengthParams { at: string }

export function createEvenLength(params: EvenLengthParams): RuleCheck {
  const at = parsePointerPattern(params.at);
  return (data) => {
    const v = getAt(data, at);
    if (typeof v !== 'string' || v.length % 2 === 0) return null;
    return [{ pointer: params.at, message: params.at + ' must have an even length' }];
  };
}

export const evenLength = defineRuleKeyword<EvenLengthParams>({
  name: 'even-length',
  factory: 'createEvenLength',
  create: createEvenLength,
  paramsSchema: { type: 'object', required: ['at'], properties: { at: POINTER }, additionalProperties: false },
  violate(valid, params) {
    return [{ value: withValue(valid, params.at, 'odd'), pointer: params.at, description: 'odd length' }];
  },
});
`;

const SPEC = `openapi: 3.1.0
info: { title: things, version: '1' }
paths:
  /things:
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, properties: { code: { type: string } } }
      x-cbp-rules:
        - { id: thing.even-code, title: codes have an even length, source: test, state: stateless, in: body,
            keyword: even-length, params: { at: /code }, status: '400' }
      responses: { '201': { description: created } }
`;

async function generateWith(keywordSource: string, params = '{ at: /code }') {
  const runtimeRoot = join(dir, 'runtime-src');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'packages/runtime/src'), runtimeRoot, { recursive: true });
  writeFileSync(join(runtimeRoot, 'rules/even-length.ts'), keywordSource);
  writeFileSync(join(dir, 'openapi.yaml'), SPEC.replace('{ at: /code }', params));
  const module = pathToFileURL(join(runtimeRoot, 'rules/even-length.ts')).href;
  const { evenLength } = (await import(module)) as { evenLength: RuleKeyword };
  // The registry line (generator/keywords/index.ts), on a validators plugin whose runtime is the copy.
  const withKeyword = (p: Plugin): Plugin => {
    const runtime = p.runtime.map((r) => ({ ...r, root: runtimeRoot }));
    return { ...p, keywords: [...(p.keywords ?? []), evenLength], runtime };
  };
  const plugins = corePlugins.map((p) => (p.name === 'validators' ? withKeyword(p) : p));
  const out = join(dir, 'out');
  const config = {
    spec: join(dir, 'openapi.yaml'),
    overlays: [],
    out,
    check: false,
    plugins: ['validators'],
    runtime: 'copy' as const,
  };
  const result = await generate({ ...config, clientFactoryName: 'createApiClient' }, { cwd: dir, plugins });
  for (const f of result.files) {
    mkdirSync(join(out, f.path, '..'), { recursive: true });
    writeFileSync(join(out, f.path), f.contents);
  }
  return { out, files: result.files, evenLength };
}

describe('a throw-away rule keyword: one file plus one registry line', () => {
  it('validates through the generated validators', async () => {
    const { out, files, evenLength } = await generateWith(KEYWORD_MODULE);
    const runtime = files.find((f) => f.path === 'validators-runtime.ts')?.contents ?? '';
    expect(runtime).toContain('export { createEvenLength } from "./runtime/rules/even-length.js";');
    const api = (await import(pathToFileURL(join(out, 'validators.ts')).href)) as {
      validateRequest(op: string, req: { body: unknown }): { violations: RuleViolation[] };
    };
    expect(api.validateRequest('createThing', { body: { code: 'ab' } }).violations).toEqual([]);
    const bad = api.validateRequest('createThing', { body: { code: 'abc' } }).violations;
    const seen = bad.map((v) => [v.rule, v.pointer, v.message]);
    expect(seen).toEqual([['thing.even-code', '/code', '/code must have an even length']]);
    // Its negative case is reported by exactly that rule.
    const [m] = evenLength.violate({ code: 'ab' }, { at: '/code' });
    const mutated = api.validateRequest('createThing', { body: m?.value }).violations;
    expect(mutated.map((v) => v.rule)).toEqual(['thing.even-code']);
  });

  it('checks the overlay params against the keyword schema at generate time', async () => {
    await expect(generateWith(KEYWORD_MODULE, '{ where: /code }')).rejects.toThrow(/thing.even-code.*params/);
  });
});
