/**
 * The handlebars engine for the plugins' templates (each plugin's folder, `Plugin.templates`) and
 * the partials every template may use (templates/*.hbs, `{{> name}}`): strict mode (a missing
 * field fails loudly) and no HTML escaping (the output is TypeScript), so every document value
 * must go through one of the safe helpers below. test/generator/templates-safety.test.ts fails on any bare `{{value}}`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Handlebars from 'handlebars';
import { commentText, identifier, jsdocBlock, jsLiteral, jsonRows, propertyKey, stringLiteral } from './safe-text.js';
import { packageInfo, templatesDir } from './package-info.js';
import type { Plugin } from './plugins/plugin.js';

type HelperOptions = { hash?: Record<string, unknown>; loc?: { start?: { line?: number; column?: number } } };

/** Handlebars' strict mode does not check helper arguments, so the helpers do: `undefined`
 * means the template named a field the view model does not have (pass '' or null instead). */
function defined(name: string, value: unknown, options: unknown): unknown {
  if (value === undefined || (typeof value === 'object' && value !== null && 'hash' in value && 'data' in value)) {
    const at = (options as HelperOptions | undefined)?.loc?.start;
    throw new Error(
      `template helper ${name}: its argument is undefined` +
        `${at ? ` (template line ${at.line}, column ${at.column})` : ''}; a field is ` +
        `missing from the view model`,
    );
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
  /** A PascalCase identifier, for type names (`PetstoreClient`). */
  typeIdent: (v, o) => {
    const id = identifier(defined('typeIdent', v, o));
    return id.charAt(0).toUpperCase() + id.slice(1);
  },
};

export type RenderFn = (templateName: string, data: unknown) => string;

/** Key of a template in the precompiled table: its path from the toolkit's root, POSIX. */
export function templateKey(file: string): string {
  return path.relative(packageInfo().root, file).split(path.sep).join('/');
}

/**
 * An isolated engine rendering `<dir>/<name>.hbs`, with the shared partials of templates/.
 * `precompiled`: build-time templates (default: dist/templates-precompiled.cjs); an entry is used
 * only while its source is unchanged.
 */
export function createTemplateEngine(dir: string, precompiled: PrecompiledTemplates = loadPrecompiled()): RenderFn {
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
  /** The template of that file: precompiled at build time when the source is unchanged. */
  const templateOf = (file: string): Handlebars.TemplateDelegate => {
    const source = readFileSync(file, 'utf8');
    const entry = precompiled[templateKey(file)];
    if (entry && entry.sha256 === createHash('sha256').update(source).digest('hex')) return hbs.template(entry.spec);
    return hbs.compile(source, { strict: true, noEscape: true });
  };
  for (const file of sharedPartials()) hbs.registerPartial(path.basename(file, '.hbs'), templateOf(file));
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  return (templateName, data) => {
    let template = compiled.get(templateName);
    if (!template) {
      template = templateOf(path.join(dir, `${templateName}.hbs`));
      compiled.set(templateName, template);
    }
    return template(data);
  };
}

/** templates/*.hbs: the partials shared by every plugin's templates. */
export function sharedPartials(): string[] {
  const dir = templatesDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.hbs'))
    .sort()
    .map((n) => path.join(dir, n));
}

/**
 * For one generation: the render function of each plugin, reading the plugin's own templates
 * folder (`Plugin.templates`, relative to the toolkit's root or absolute), one engine per folder.
 */
export function pluginTemplates(): (plugin: Pick<Plugin, 'name' | 'templates'>) => RenderFn {
  const engines = new Map<string, RenderFn>();
  return ({ name, templates }) => {
    if (templates === undefined) {
      return (template) => {
        throw new Error(`plugin ${name} renders template ${template} but declares no templates folder (its templates)`);
      };
    }
    const dir = path.resolve(packageInfo().root, templates);
    let engine = engines.get(dir);
    if (engine === undefined) engines.set(dir, (engine = createTemplateEngine(dir)));
    return engine;
  };
}

export type PrecompiledTemplates = Record<string, { sha256: string; spec: TemplateSpecification }>;
type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

/** dist/templates-precompiled.cjs (scripts/precompile-templates.mjs), or nothing before a build. */
function loadPrecompiled(): PrecompiledTemplates {
  const file = path.join(packageInfo().root, 'dist/templates-precompiled.cjs');
  return existsSync(file) ? (createRequire(import.meta.url)(file) as PrecompiledTemplates) : {};
}
