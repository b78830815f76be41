/**
 * Request validation is bounded whatever the body holds: validation stops at the first violation
 * of each part and at most 20 violations are answered (the rest counted), and a document's
 * `pattern` never backtracks super-linearly, length limits checked first. Both compile paths: the
 * validators compiled on first use and the standalone ones compiled at generate time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { limitViolations, MAX_VIOLATIONS, MORE_VIOLATIONS } from 'cross-border-payments-runtime/validators';
import { generateInto, type Generated } from '../client/helpers/generated.js';

type Answer = { status: number; headers: Record<string, string>; body: string | undefined };
type Router = {
  handle: (r: { method: string; url: string; headers: Record<string, string>; body?: string }) => Promise<Answer>;
};
type Violation = { rule: string; pointer: string; message: string; source: string };
const errorsOf = (a: Answer) => (JSON.parse(a.body ?? '{}') as { errors: Violation[] }).errors;

const modes = [
  ['compiled on first use', false],
  ['standalone', true],
] as const;

describe.each(modes)('validation bounds, validators %s', (label, standalone) => {
  let generated: Generated;
  let router: Router;
  beforeAll(async () => {
    generated = await generateInto(`validation-bounds-${standalone ? 'standalone' : 'lazy'}`, {
      spec: 'test/runtime/server/fixtures/validation-bounds.yaml',
      overlays: [],
      stubs: undefined,
      runtime: 'copy',
      plugins: ['types', 'operations', 'validators', 'server'],
      ...(standalone ? { pluginOptions: { validators: { standalone: true } } } : {}),
    });
    // The pattern engine is a run-time dependency of the output.
    expect(generated.result.runtimeDependencies.dependencies).toHaveProperty('re2js');
    const server = await generated.load<{ createRouter: (o: unknown) => Router }>('server.ts');
    router = server.createRouter({
      handlers: { createList: () => ({ status: 201, body: {} }) },
      bodyLimit: 4 * 1024 * 1024,
    });
  }, 120_000);

  const post = (body: string) =>
    router.handle({ method: 'POST', url: '/lists', headers: { 'content-type': 'application/json' }, body });

  it('a 1 MiB body of 330,000 empty items gets a small answer quickly', async () => {
    const body = `{"items":[${Array(330_000).fill('{}').join(',')}]}`;
    expect(body.length).toBeGreaterThan(990_000);
    const started = performance.now();
    const answer = await post(body);
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(400);
    expect(answer.body!.length).toBeLessThan(16 * 1024);
    const errors = errorsOf(answer);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(MAX_VIOLATIONS + 1);
    expect(errors[0]).toEqual({
      rule: 'schema.required',
      pointer: '/items/0/a',
      message: '/items/0/a is required',
      source: 'OpenAPI schema',
      in: 'body',
    });
    // Was 4-9 s and a 108 MiB answer with every error collected; what is left is reading the
    // body (generous bound: the machine is shared).
    expect(elapsed).toBeLessThan(3000);
  });

  it(`${label}: a backtracking pattern answers at once, past maxLength and without it`, async () => {
    for (const field of ['code', 'name']) {
      const started = performance.now();
      // 29 characters: seconds for a backtracking engine (×4 per 2 more characters).
      const answer = await post(JSON.stringify({ [field]: `${'a'.repeat(28)}b` }));
      expect(performance.now() - started).toBeLessThan(500);
      expect(answer.status).toBe(400);
      // maxLength is checked before the pattern: the length is what `code` is refused for.
      expect(errorsOf(answer).map((e) => `${e.rule} ${e.pointer}`)).toEqual([
        field === 'code' ? 'schema.maxLength /code' : 'schema.pattern /name',
      ]);
    }
    // And in linear time: 100,000 characters (a backtracking engine would never finish).
    const long = performance.now();
    expect((await post(JSON.stringify({ name: `${'a'.repeat(100_000)}b` }))).status).toBe(400);
    expect((await post(JSON.stringify({ tags: { [`${'x'.repeat(100_000)}y`]: 's' } }))).status).toBe(400);
    expect(performance.now() - long).toBeLessThan(1000);
    // Patterns keep their meaning.
    expect((await post(JSON.stringify({ name: 'aaaa', code: 'aa', tags: { xx: 's' } }))).status).toBe(201);
  });
});

describe('the violation cap', () => {
  it('keeps the first 20 violations and counts the rest in one entry of the same model', () => {
    const list = Array.from({ length: 330_000 }, (_, i) => ({
      rule: 'r',
      pointer: `/items/${i}`,
      message: 'm',
      source: 's',
      in: 'body' as const,
    }));
    const capped = limitViolations(list);
    expect(capped).toHaveLength(MAX_VIOLATIONS + 1);
    expect(capped.slice(0, MAX_VIOLATIONS)).toEqual(list.slice(0, MAX_VIOLATIONS));
    expect(capped[MAX_VIOLATIONS]).toEqual({
      rule: MORE_VIOLATIONS,
      pointer: '',
      message: `${330_000 - MAX_VIOLATIONS} more violations not listed (at most 20 are answered)`,
      source: 'cbp validation limits',
      in: 'body',
    });
    expect(limitViolations(list.slice(0, 3))).toEqual(list.slice(0, 3));
  });
});
