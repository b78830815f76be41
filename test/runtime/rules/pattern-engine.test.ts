/**
 * The engine document patterns run on (packages/runtime/src/rules/regexp.ts, RE2 from
 * regexp-re2.ts): linear time on any input, with ECMAScript's meaning kept where RE2 reads the
 * syntax differently; RE2 loaded only by the validators of a document that needs it.
 */
import { describe, expect, it } from 'vitest';
import { isLinearForBacktracking, regExp, useLinearEngine } from 'cross-border-payments-runtime/validators';
import { patternEngine, re2Engine } from 'cross-border-payments-runtime/validators/re2';

// What generated validators-runtime.ts does for a document with a pattern of that kind.
useLinearEngine(re2Engine);

describe('pattern engine', () => {
  it('a catastrophic pattern runs in linear time', () => {
    const cases: Array<[string, string]> = [
      ['^(a+)+$', `${'a'.repeat(5000)}!`],
      ['^(a|aa)+$', `${'a'.repeat(5000)}!`],
      ['^(\\w+\\s?)*$', `${'ab '.repeat(3000)}!`],
      ['^\\d+\\d+\\d+$', `${'1'.repeat(5000)}x`],
    ];
    for (const [pattern, value] of cases) {
      expect(patternEngine(pattern)).toBe('re2');
      const started = performance.now();
      expect(regExp(pattern, 'u').test(value)).toBe(false);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('simple anchored patterns stay on the JavaScript engine (they cannot backtrack)', () => {
    for (const p of [
      '^[A-Z]{3}$',
      '^[A-Za-z0-9_-]+$',
      '^[A-Z][A-Z0-9_]*$',
      '^https?://',
      '^(USD|EUR|GBP)$',
      '^[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+$',
      '^\\d{4}-\\d{2}-\\d{2}$',
    ]) {
      expect(isLinearForBacktracking(p)).toBe(true);
    }
    for (const p of ['[A-Z]+', '^(a+)+$', '^a+b+$', '^(ab)*$', '^(a|ab)c+$', '^\\w+\\1$'])
      expect(isLinearForBacktracking(p)).toBe(false);
    // Bounded quantifiers and an optional group of constant work multiply the ways by a constant.
    for (const p of ['^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$', '^[a-z]{1,100000}$', '^\\+?[0-9]{1,3}(-[0-9]{2,4})?$'])
      expect(isLinearForBacktracking(p), p).toBe(true);
    // An optional group holding an unbounded quantifier, a repeated group, or too many combined ways are not.
    for (const p of ['^(a+)?a+$', '^(a{1,5}){1,5}$', '^a{1,20}b{1,20}c{1,20}d+$'])
      expect(isLinearForBacktracking(p), p).toBe(false);
  });

  it('RE2 runs patterns with the meaning JavaScript gives them', () => {
    // Unanchored or with quantified groups: none of these is left to the JavaScript engine.
    const patterns = [
      'a.c',
      '\\s+$',
      '\\S+$',
      '[\\s,]+$',
      '^(\\d+\\.)+\\d+$',
      '[^]+',
      '\\u00e9+',
      '(?<word>\\w+)-\\w+$',
      '[\\s\\S]*$',
      '(x+)+y',
    ];
    const inputs = [
      'abc',
      'a\nc',
      'a\rc',
      'a\u2028c',
      ' \u00a0\t',
      '\u3000',
      'x y',
      'abc',
      ' ,\u2003',
      '1.2.3',
      '1..2',
      'ééé',
      'ab-cd',
      '',
      'xxy',
      'xx',
    ];
    for (const p of patterns) {
      expect(patternEngine(p)).toBe('re2');
      for (const s of inputs) expect([p, s, regExp(p, 'u').test(s)]).toEqual([p, s, new RegExp(p, 'u').test(s)]);
    }
  });

  it('syntax RE2 cannot run falls back to JavaScript (the generator warns)', () => {
    for (const p of ['(?<=a)b', '(?=a)\\w+', '^(a)\\1$', '(?<x>a)\\k<x>', 'a{1,1001}']) {
      expect(patternEngine(p)).toBe('js-backtracking');
      expect(regExp(p, 'u').test('aab')).toBe(new RegExp(p, 'u').test('aab'));
    }
  });
});

describe('cbp generate and patterns RE2 cannot run', () => {
  it(
    'a document whose patterns all stay on the JavaScript engine ' +
      'gets validators without RE2 (46 kB gzipped in a browser bundle)',
    async () => {
      const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
      const os = await import('node:os');
      const path = await import('node:path');
      const { generate } = await import('../../../api/index.js');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-patterns-'));
      try {
        const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^[A-Z]{3}$' } } };
        const doc = {
          openapi: '3.1.0',
          info: { title: 'T', version: '1' },
          paths: {
            '/t': {
              post: {
                operationId: 't',
                requestBody: { content: { 'application/json': { schema } } },
                responses: { '204': { description: 'ok' } },
              },
            },
          },
        };
        writeFileSync(path.join(dir, 'api.json'), JSON.stringify(doc));
        const result = await generate(
          { spec: 'api.json', overlays: [], out: 'out', check: false, clientFactoryName: 'c', plugins: ['validators'] },
          { cwd: dir },
        );
        expect(result.files.map((f) => f.contents).join('\n')).not.toContain('regexp-re2');
        expect(Object.keys(result.runtimeDependencies.dependencies)).not.toContain('re2js');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('warns once per pattern, naming its JSON pointer', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { generate } = await import('../../../api/index.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-patterns-'));
    try {
      const schema = {
        type: 'object',
        properties: { a: { type: 'string', pattern: '(?<=x)y' }, b: { type: 'string', pattern: '^(a+)+$' } },
      };
      const doc = {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: {
          '/t': {
            post: {
              operationId: 't',
              requestBody: { content: { 'application/json': { schema } } },
              responses: { '204': { description: 'ok' } },
            },
          },
        },
      };
      writeFileSync(path.join(dir, 'api.json'), JSON.stringify(doc));
      const result = await generate(
        { spec: 'api.json', overlays: [], out: 'out', check: false, clientFactoryName: 'c', plugins: ['validators'] },
        { cwd: dir },
      );
      const warnings = result.warnings.filter((w) => w.includes('linear-time engine'));
      expect(warnings).toEqual([
        expect.stringMatching(
          /^\/paths\/~1t\/post\/requestBody\/content\/application~1json\/schema\/properties\/a\/pattern: pattern "\(\?<=x\)y" uses syntax/,
        ),
      ]);
      // ^(a+)+$ needs RE2: the validators install it.
      expect(result.files.find((f) => f.path === 'validators-runtime.ts')?.contents).toContain(
        'useLinearEngine(re2Engine);',
      );
      expect(Object.keys(result.runtimeDependencies.dependencies)).toContain('re2js');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
