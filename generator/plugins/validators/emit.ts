/**
 * validators.ts, validators-runtime.ts and rules.ts, plus either
 *  - validators-data.ts (default): the JSON Schemas of every request part, response and webhook
 *    payload as data, the components once, compiled by ajv at run time on first use
 *    (packages/runtime/src/rules/lazy-validators.ts); or
 *  - validators-standalone.ts and validators-params-standalone.ts (option `standalone`): compiled
 *    at generate time to standalone ESM, for environments that forbid `new Function` (CSP).
 * Either way the overlay's stateless rules are keywords (those of the selected plugins) and the
 * plugins' stateful rule registries are passed in.
 */
import type { Emitter, EmitContext, GeneratedFile } from '../../emitters/emitter.js';
import { CbpError } from '../../../lib/errors.js';
import { componentsSchema } from '../../validation/prepare-schema.js';
import { createAjv } from '../../validation/create-ajv.js';
import { planValidators } from '../../validation/plan.js';
import { renderRulesTs, renderValidatorsRuntime, renderValidatorsTs } from '../../validation/render.js';
import { renderLazyValidatorsTs, renderValidatorData } from '../../validation/render-lazy.js';
import { compileStandalone } from '../../validation/standalone.js';
import { vocabularyOf } from '../../validation/rule-checks.js';
import { isLinearForBacktracking } from 'cross-border-payments-runtime/validators';
import { patternEngine } from 'cross-border-payments-runtime/validators/re2';

/** What the standalone validators import as `__cbpRules`: the generic rules runtime plus the
 * keyword factories of the selected plugins (validators-runtime.ts). */
export const RULES_IMPORT = './validators-runtime.js';

export function emitValidatorFiles(ctx: EmitContext, rulesImport = RULES_IMPORT): GeneratedFile[] {
  const { model, plugins } = ctx;
  const standalone = ctx.options.standalone === true;
  const vocabulary = vocabularyOf(plugins, ctx.registry);
  const known = [...vocabulary.stateless.values()];
  const openapi31 = !model.openapiVersion.startsWith('3.0');
  const large = isLarge(model, standalone ? 200_000 : 50_000);
  const prep = {
    openapi30: !openapi31,
    formats: new Set<string>(),
    patterns: new Set<string>(),
    patternAt: new Map<string, string>(),
    features: new Set<string>(),
    components: model.schemas,
    // Small components are copied into each use (a $ref costs a call and allocations per validated
    // value: bench/validate.ts measures about 3x); on large documents the copies would multiply
    // the output, so there every component stays shared behind its $ref.
    inlineLimit: large ? 0 : 4000,
    stripAnnotations: !standalone,
    keep: new Set(known.map((k) => k.keyword)),
  };
  const plan = planValidators(model, prep, vocabulary);
  const components = componentsSchema(model.schemas, { ...prep, at: '/components/schemas' });
  // Only the keywords the schemas use are registered, and only their factories are in the output.
  const used = keywordsIn(
    [components, ...plan.schemas.map((s) => s.schema), ...plan.paramSchemas.map((s) => s.schema)],
    prep.keep,
  );
  const keywords = known.filter((k) => used.has(k.keyword));
  const unusable = [...prep.patterns].find((p) => !compiles(p, ''));
  if (unusable !== undefined)
    throw new CbpError('E_SPEC_INVALID', `pattern ${JSON.stringify(unusable)} is not a valid regular expression`, {
      rule: 'JSON Schema',
    });
  const unicodeRegExp = [...prep.patterns].every((p) => compiles(p, 'u'));
  // Patterns are evaluated in linear time (packages/runtime/src/rules/regexp.ts), except those using
  // syntax RE2 cannot run: JavaScript's backtracking engine runs them, and the user is told where.
  for (const [pattern, at] of prep.patternAt) {
    if (patternEngine(pattern) === 'js-backtracking' && compiles(pattern, '')) {
      ctx.warn?.(
        `${at}: pattern ${JSON.stringify(pattern)} uses syntax the linear-time engine ` +
          `(RE2) cannot run (lookaround, a back reference or a count over 1000); JavaScript's ` +
          `backtracking engine evaluates it, which a hostile value can keep busy`,
      );
    }
  }
  const choice = {
    openapi31,
    unicodeRegExp,
    unknownFormats: [...prep.formats].sort(),
    features: prep.features,
    inlineRefs: !large,
    keywords,
  };
  const stateful = plugins.flatMap((p) => (p.statefulRules ? [p.statefulRules] : []));
  const common = [
    {
      path: 'validators-runtime.ts',
      contents: renderValidatorsRuntime(keywordExports(plugins, used), {
        linearEngine: patternsIn([components, ...plan.schemas, ...plan.paramSchemas]).some(
          (p) => !isLinearForBacktracking(p),
        ),
      }),
    },
    { path: 'rules.ts', contents: renderRulesTs(ctx.header('rules.ts'), model.rules) },
  ];
  if (!standalone) {
    return [
      ...common,
      {
        path: 'validators-data.ts',
        contents: renderValidatorData(ctx.header('validators-data.ts'), plan, components, {
          ...choice,
          features: [...prep.features].sort(),
        }),
      },
      {
        path: 'validators.ts',
        contents: renderLazyValidatorsTs(
          ctx.header('validators.ts'),
          stateful,
          model.documentHash,
          keywords.map((k) => k.factory),
        ),
      },
    ];
  }
  const compile = (coerce: boolean, schemas: typeof plan.schemas) => {
    const ajv = createAjv({ ...choice, coerce });
    ajv.addSchema(components as object);
    return compileStandalone(ajv, schemas, rulesImport);
  };
  const nocheck = (path: string, code: string) => `${ctx.header(path)}// @ts-nocheck\n${code}`;
  return [
    ...common,
    { path: 'validators-standalone.ts', contents: nocheck('validators-standalone.ts', compile(false, plan.schemas)) },
    {
      path: 'validators-params-standalone.ts',
      contents: nocheck('validators-params-standalone.ts', compile(true, plan.paramSchemas)),
    },
    {
      path: 'validators.ts',
      contents: renderValidatorsTs(ctx.header('validators.ts'), plan, stateful, model.documentHash),
    },
  ];
}

/** Inlining trades size for speed; on large documents (GitHub's REST description has ~900
 * components) the copies would multiply an already large output, so it is off there. As data
 * the copies cost more than as compiled code (shipengine's 160 kB of schemas became 800 kB), so
 * the data form inlines only below a quarter of the standalone form's limit (JSON characters). */
function isLarge(model: { schemas: Record<string, unknown> }, limit: number): boolean {
  return JSON.stringify(model.schemas).length > limit;
}

/** The rule keywords (`x-cbp-…`) that occur as keys in the schemas. A property of that name
 * counts too: registering a keyword more costs nothing but its factory's bytes. */
function keywordsIn(schemas: readonly unknown[], keywords: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const stack: unknown[] = [...schemas];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    for (const [key, child] of Object.entries(v)) {
      if (keywords.has(key)) found.add(key);
      else stack.push(child);
    }
  }
  return found;
}

/** What validators-runtime.ts re-exports: each used keyword's factory from its own module where
 * the plugin names one, else the plugin's whole keyword runtime. */
function keywordExports(
  plugins: EmitContext['plugins'],
  used: ReadonlySet<string>,
): Array<{ module: string; names?: string[] }> {
  const out: Array<{ module: string; names?: string[] }> = [];
  for (const p of plugins) {
    if (p.keywordModule !== undefined) {
      for (const k of p.keywords ?? [])
        if (used.has(k.keyword)) out.push({ module: p.keywordModule(k), names: [k.factory] });
    } else if (p.keywordRuntime !== undefined) {
      out.push({ module: p.keywordRuntime });
    }
  }
  return out;
}

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

export const validatorsEmitter: Emitter = { name: 'validators', emit: (ctx) => emitValidatorFiles(ctx) };

/** Every pattern the validators may evaluate: `pattern` values (schemas and rule keyword
 * parameters alike) and `patternProperties` names, wherever they stand. */
function patternsIn(roots: readonly unknown[]): string[] {
  const out = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.add(value);
      if (key === 'patternProperties' && value !== null && typeof value === 'object')
        for (const name of Object.keys(value)) out.add(name);
      walk(value);
    }
  };
  roots.forEach(walk);
  return [...out];
}
