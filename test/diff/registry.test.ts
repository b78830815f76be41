/**
 * The change rules are one registry (diff/rules/index.ts): every module that declares a rule is in
 * it once, ids are unique and dotted, and a throw-away rule handed in runs on the pairs it asks for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { diffRules, diffSides } from '../../diff/index.js';
import type { DiffRule } from '../../diff/types.js';

it('registers every rule module once, with a unique id and a title', () => {
  const declared = readdirSync('diff/rules').filter((f) =>
    /: DiffRule = \{/.test(readFileSync(`diff/rules/${f}`, 'utf8')),
  );
  expect(diffRules).toHaveLength(declared.length);
  const ids = diffRules.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const r of diffRules) {
    expect(r.id).toMatch(/^[a-z-]+\.[a-z-]+$/);
    expect(r.title.length).toBeGreaterThan(10);
  }
  expect(diffRules.length).toBeGreaterThanOrEqual(34);
});

it('runs a throw-away schema rule on every matched schema pair', () => {
  const flagged: DiffRule = {
    id: 'test.flag-changed',
    title: 'x-flag changed (a throw-away rule)',
    on: 'schema',
    check: ({ old, new: next }) =>
      old.raw['x-flag'] === next.raw['x-flag']
        ? []
        : [{ severity: 'warning', message: 'x-flag changed', old: old.pointer, new: next.pointer }],
  };
  const doc = (flag: boolean) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { n: { type: 'string', 'x-flag': flag } } },
                },
              },
            },
          },
        },
      },
    },
  });
  const r = diffSides(
    { document: doc(false), file: 'a' },
    { document: doc(true), file: 'b' },
    { rules: [...diffRules, flagged] },
  );
  const pointer = '/paths/~1a/get/responses/200/content/application~1json/schema/properties/n';
  expect(r.changes.map((c) => [c.rule, c.old, c.subjects.map((s) => s.key)])).toEqual([
    ['test.flag-changed', pointer, ['GET /a']],
  ]);
});
