/**
 * The engine document patterns run on (templates/runtime/rules/regexp.ts): linear time on any
 * input, with ECMAScript's meaning kept where RE2 reads the syntax differently.
 */
import { describe, expect, it } from 'vitest';
import { isLinearForBacktracking, patternEngine, regExp } from 'cross-border-payments-runtime/rules/regexp.js';

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
    for (const p of ['^[A-Z]{3}$', '^[A-Za-z0-9_-]+$', '^[A-Z][A-Z0-9_]*$', '^https?://', '^(USD|EUR|GBP)$', '^[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+$', '^\\d{4}-\\d{2}-\\d{2}$']) {
      expect(isLinearForBacktracking(p)).toBe(true);
    }
    for (const p of ['[A-Z]+', '^(a+)+$', '^a+b+$', '^(ab)*$', '^(a|ab)c+$', '^\\w+\\1$']) expect(isLinearForBacktracking(p)).toBe(false);
  });

  it('RE2 runs patterns with the meaning JavaScript gives them', () => {
    // Unanchored or with quantified groups: none of these is left to the JavaScript engine.
    const patterns = ['a.c', '\\s+$', '\\S+$', '[\\s,]+$', '^(\\d+\\.)+\\d+$', '[^]+', '\\u00e9+', '(?<word>\\w+)-\\w+$', '[\\s\\S]*$', '(x+)+y'];
    const inputs = ['abc', 'a\nc', 'a\rc', 'a\u2028c', ' \u00a0\t', '\u3000', 'x y', 'abc', ' ,\u2003', '1.2.3', '1..2', 'ééé', 'ab-cd', '', 'xxy', 'xx'];
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
  it('warns once per pattern, naming its JSON pointer', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { generate } = await import('../../api/index.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-patterns-'));
    try {
      const schema = { type: 'object', properties: { a: { type: 'string', pattern: '(?<=x)y' }, b: { type: 'string', pattern: '^(a+)+$' } } };
      const doc = {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: { '/t': { post: { operationId: 't', requestBody: { content: { 'application/json': { schema } } }, responses: { '204': { description: 'ok' } } } } },
      };
      writeFileSync(path.join(dir, 'api.json'), JSON.stringify(doc));
      const result = await generate({ spec: 'api.json', overlays: [], out: 'out', check: false, clientFactoryName: 'c', plugins: ['validators'] }, { cwd: dir });
      const warnings = result.warnings.filter((w) => w.includes('linear-time engine'));
      expect(warnings).toEqual([
        expect.stringMatching(/^\/paths\/~1t\/post\/requestBody\/content\/application~1json\/schema\/properties\/a\/pattern: pattern "\(\?<=x\)y" uses syntax/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
