/**
 * validators.ts, validators-standalone.ts, validators-params-standalone.ts and rules.ts: ajv
 * validators for every request part, response and webhook payload, compiled at generate time to
 * standalone ESM (no ajv compiler at run time), with the overlay's stateless rules as keywords
 * (those of the selected plugins) and the plugins' stateful rule registries passed in.
 */
import type { Emitter, EmitContext, GeneratedFile } from './emitter.js';
import { componentsSchema } from '../validation/prepare-schema.js';
import { createAjv } from '../validation/create-ajv.js';
import { planValidators } from '../validation/plan.js';
import { renderRulesTs, renderValidatorsRuntime, renderValidatorsTs } from '../validation/render.js';
import { compileStandalone } from '../validation/standalone.js';
import { vocabularyOf } from '../validation/rule-checks.js';

/** What the standalone validators import as `__cbpRules`: the generic rules runtime plus the
 * keyword factories of the selected plugins (validators-runtime.ts). */
export const RULES_IMPORT = './validators-runtime.js';

export function emitValidatorFiles(ctx: EmitContext, rulesImport = RULES_IMPORT): GeneratedFile[] {
  const { model, plugins } = ctx;
  const vocabulary = vocabularyOf(plugins);
  const openapi31 = !model.openapiVersion.startsWith('3.0');
  const large = isLarge(model);
  const prep = {
    openapi30: !openapi31,
    formats: new Set<string>(),
    patterns: new Set<string>(),
    features: new Set<string>(),
    components: model.schemas,
    inlineLimit: large ? 0 : 4000,
  };
  const plan = planValidators(model, prep, vocabulary);
  const components = componentsSchema(model.schemas, { ...prep, at: '/components/schemas' });
  const unicodeRegExp = [...prep.patterns].every((p) => compiles(p, 'u'));
  const choice = { openapi31, unicodeRegExp, unknownFormats: [...prep.formats].sort(), features: prep.features, inlineRefs: !large, keywords: [...vocabulary.stateless.values()] };

  const compile = (coerce: boolean, schemas: typeof plan.schemas) => {
    const ajv = createAjv({ ...choice, coerce });
    ajv.addSchema(components as object);
    return compileStandalone(ajv, schemas, rulesImport);
  };
  const nocheck = (path: string, code: string) => `${ctx.header(path)}// @ts-nocheck\n${code}`;
  return [
    { path: 'validators-standalone.ts', contents: nocheck('validators-standalone.ts', compile(false, plan.schemas)) },
    { path: 'validators-params-standalone.ts', contents: nocheck('validators-params-standalone.ts', compile(true, plan.paramSchemas)) },
    {
      path: 'validators.ts',
      contents: renderValidatorsTs(
        ctx.header('validators.ts'),
        plan,
        plugins.flatMap((p) => (p.statefulRules ? [p.statefulRules] : [])),
      ),
    },
    { path: 'validators-runtime.ts', contents: renderValidatorsRuntime(plugins.flatMap((p) => (p.keywordRuntime ? [p.keywordRuntime] : []))) },
    { path: 'rules.ts', contents: renderRulesTs(ctx.header('rules.ts'), model.rules) },
  ];
}

/** Inlining trades code size for speed; on large documents (GitHub's REST description has
 * ~900 components) the copies would multiply an already large output, so it is off there. */
function isLarge(model: { schemas: Record<string, unknown> }): boolean {
  return JSON.stringify(model.schemas).length > 200_000;
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
