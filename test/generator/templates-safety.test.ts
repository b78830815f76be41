import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { commentText, jsdocBlock, jsLiteral, propertyKey, stringLiteral } from '../../generator/safe-text.js';
import { findUnsafeMustaches } from '../../generator/template-lint.js';
import { createTemplateEngine, sharedPartials, templateKey } from '../../generator/templates.js';
import { plugins } from '../../api/plugins.js';
import Handlebars from 'handlebars';
import { createHash } from 'node:crypto';
import { packageInfo } from '../../generator/package-info.js';

const hostile = 'a */ b /* c\n// d\r\ne\u2028f\u2029g `${x}` "q" \'s\' </script>';

describe('safe helpers', () => {
  test('str/json give literals that evaluate back to the input and contain no raw line separators or </', () => {
    for (const lit of [stringLiteral(hostile), jsLiteral({ k: hostile })]) {
      expect(lit).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(lit).not.toContain('</');
      expect(new Function(`return ${lit}`)()).toEqual(lit.startsWith('{') ? { k: hostile } : hostile);
    }
  });

  test('json keeps a "__proto__" key as data, not a prototype', () => {
    const value = JSON.parse('{"a": {"__proto__": {"polluted": true}}, "s": "x,\\"__proto__\\":1"}');
    const lit = jsLiteral(value);
    const back = new Function(`return ${lit}`)() as { a: object; s: string };
    expect(Object.keys(back.a)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(back.a)).toBe(Object.prototype);
    expect(back.s).toBe('x,"__proto__":1');
  });

  test('comment text cannot end a comment or a line comment', () => {
    const text = commentText(hostile);
    expect(text).not.toMatch(/\*\/|[\n\r\u2028\u2029]/);
    expect(new Function(`/* ${text} */ // ${text}\nreturn 1`)()).toBe(1);
  });

  test('jsdoc keeps lines and stays one comment', () => {
    const block = jsdocBlock(hostile, 2);
    expect(block.split('\n')[0]).toBe('  /**');
    expect(block.match(/\*\//g)).toHaveLength(1);
    expect(new Function(`${block}\nreturn 1`)()).toBe(1);
    expect(jsdocBlock('   ')).toBe('');
  });

  test.each([
    ['plain', 'plain'],
    ['class', 'class'],
    ['foo-bar', '"foo-bar"'],
    ['1abc', '"1abc"'],
    ['*/', '"*/"'],
  ])('propKey(%j) = %s', (input, expected) => expect(propertyKey(input)).toBe(expected));
});

describe('template engine', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-hbs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'strict.hbs'), 'const {{ident name}} = {{str value}};\n');

  test('renders through helpers, without HTML escaping', () => {
    const render = createTemplateEngine(dir);
    expect(render('strict', { name: 'my-name', value: '<a & b>' })).toBe('const myName = "<a & b>";\n');
  });

  test('strict mode: a missing field fails loudly', () => {
    const render = createTemplateEngine(dir);
    expect(() => render('strict', { name: 'x' })).toThrow(
      /str: its argument is undefined \(template line 1, column 23\)/,
    );
    writeFileSync(path.join(dir, 'block.hbs'), '{{#each items}}{{str this}}{{/each}}');
    expect(() => createTemplateEngine(dir)('block', {})).toThrow(/#each: its argument is undefined/);
  });

  test('a precompiled template is used only while its source is unchanged, with the same strictness', () => {
    const source = 'const {{ident name}} = {{str value}};\n';
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const spec = (text: string) =>
      new Function(`return ${Handlebars.precompile(text, { strict: true, noEscape: true })}`)();
    const key = templateKey(path.join(dir, 'strict.hbs'));
    const fresh = { [key]: { sha256: sha256(source), spec: spec('fresh {{str value}}\n') } };
    expect(createTemplateEngine(dir, fresh)('strict', { name: 'n', value: 'v' })).toBe('fresh "v"\n');
    expect(() => createTemplateEngine(dir, fresh)('strict', {})).toThrow(/str: its argument is undefined/);
    // The source changed since the build: the stale entry is ignored and the source compiled.
    const stale = { [key]: { sha256: sha256('an older source'), spec: spec('stale\n') } };
    expect(createTemplateEngine(dir, stale)('strict', { name: 'n', value: 'v' })).toBe('const n = "v";\n');
  });
});

describe("every plugin's templates and the shared partials use a safe helper for every value", () => {
  test('the scanner flags bare mustaches', () => {
    const found = findUnsafeMustaches(
      '{{#each ops}}\n  {{propKey id}}: {{name}},\n  {{{raw}}}\n{{/each}}\n{{@index}}\n',
    );
    expect(found.map((f) => f.text)).toEqual(['{{name}}', '{{{raw}}}']);
  });

  const root = packageInfo().root;
  const folders = plugins.flatMap((p) => (p.templates === undefined ? [] : [path.resolve(root, p.templates)]));
  const hbs = (dir: string) => readdirSync(dir).flatMap((f) => (f.endsWith('.hbs') ? [path.join(dir, f)] : []));
  const templates = [...sharedPartials(), ...folders.flatMap(hbs)].map((f) => path.relative(root, f));

  test('there are templates to scan', () => expect(templates.length).toBeGreaterThan(0));

  test.each(templates)('%s', (file) => {
    expect(findUnsafeMustaches(readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
