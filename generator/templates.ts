/**
 * The handlebars engine for templates/*.hbs: strict mode (a missing field fails loudly) and no
 * HTML escaping (the output is TypeScript), so every document value must go through one of the
 * safe helpers below. test/generator/templates-safety.test.ts fails on any bare `{{value}}`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Handlebars from 'handlebars';
import { commentText, identifier, jsdocBlock, jsLiteral, jsonRows, propertyKey, stringLiteral } from './safe-text.js';
import { packageInfo, templatesDir } from './package-info.js';

type HelperOptions = { hash?: Record<string, unknown>; loc?: { start?: { line?: number; column?: number } } };

/** Handlebars' strict mode does not check helper arguments, so the helpers do: `undefined`
 * means the template named a field the view model does not have (pass '' or null instead). */
function defined(name: string, value: unknown, options: unknown): unknown {
  if (value === undefined || (typeof value === 'object' && value !== null && 'hash' in value && 'data' in value)) {
    const at = (options as HelperOptions | undefined)?.loc?.start;
    throw new Error(`template helper ${name}: its argument is undefined${at ? ` (template line ${at.line}, column ${at.column})` : ''}; a field is missing from the view model`);
  }
  return value;
}

/** Helpers whose output is safe to place in TS source. Colleagues add theirs here (additive). */
export const SAFE_HELPERS: Record<string, (...args: unknown[]) => string> = {
  ident: (v, o) => identifier(defined('ident', v, o)),
  str: (v, o) => stringLiteral(defined('str', v, o)),
  json: (v, o) => jsLiteral(defined('json', v, o)),
  /** Multi-line JSON literal for larger tables, one row per line (safe-text.ts, jsonRows), so
   * generated files stay readable without an indented line per value. */
  jsonBlock: (v, o) => jsonRows(defined('jsonBlock', v, o)),
  comment: (v, o) => commentText(defined('comment', v, o)),
  jsdoc: (v, o) => jsdocBlock(defined('jsdoc', v, o), Number((o as HelperOptions | undefined)?.hash?.indent ?? 0)),
  propKey: (v, o) => propertyKey(defined('propKey', v, o)),
  /** A PascalCase identifier, for type names (`PaymentsClient`). */
  typeIdent: (v, o) => {
    const id = identifier(defined('typeIdent', v, o));
    return id.charAt(0).toUpperCase() + id.slice(1);
  },
};

export type RenderFn = (templateName: string, data: unknown) => string;

/** Creates an isolated engine reading templates from `dir` (default: the package's templates/). */
/** `precompiled`: build-time templates (default: dist/templates-precompiled.cjs for the package's
 * own templates/); an entry is used only while its source is unchanged. */
export function createTemplateEngine(dir: string = templatesDir(), precompiled: PrecompiledTemplates = dir === templatesDir() ? loadPrecompiled() : {}): RenderFn {
  const hbs = Handlebars.create();
  for (const [name, fn] of Object.entries(SAFE_HELPERS)) hbs.registerHelper(name, fn as Handlebars.HelperDelegate);
  // Same for the block helpers: `{{#each missing}}` would otherwise render nothing, silently.
  for (const name of ['each', 'if', 'unless', 'with']) {
    const builtin = hbs.helpers[name];
    hbs.registerHelper(name, function (this: unknown, value: unknown, options: Handlebars.HelperOptions) {
      defined(`#${name}`, value, options);
      return builtin.call(this, value, options);
    });
  }
  /** The template of that source: precompiled at build time when the source is unchanged. */
  const templateOf = (key: string, source: string): Handlebars.TemplateDelegate => {
    const entry = precompiled[key];
    if (entry && entry.sha256 === createHash('sha256').update(source).digest('hex')) return hbs.template(entry.spec);
    return hbs.compile(source, { strict: true, noEscape: true });
  };
  const partialsDir = path.join(dir, 'partials');
  if (existsSync(partialsDir)) {
    for (const f of readdirSync(partialsDir)
      .filter((n) => n.endsWith('.hbs'))
      .sort()) {
      const name = f.slice(0, -4);
      hbs.registerPartial(name, templateOf(`partial:${name}`, readFileSync(path.join(partialsDir, f), 'utf8')));
    }
  }
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  return (templateName, data) => {
    let template = compiled.get(templateName);
    if (!template) {
      template = templateOf(`template:${templateName}`, readFileSync(path.join(dir, `${templateName}.hbs`), 'utf8'));
      compiled.set(templateName, template);
    }
    return template(data);
  };
}

export type PrecompiledTemplates = Record<string, { sha256: string; spec: TemplateSpecification }>;
type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

/** dist/templates-precompiled.cjs (scripts/precompile-templates.mjs), or nothing before a build. */
function loadPrecompiled(): PrecompiledTemplates {
  const file = path.join(packageInfo().root, 'dist/templates-precompiled.cjs');
  return existsSync(file) ? (createRequire(import.meta.url)(file) as PrecompiledTemplates) : {};
}
