/**
 * The ajv instance validators are compiled with at generate time: the runtime's one instance
 * (packages/runtime/src/rules/ajv-instance.ts, the same options and keywords as validators
 * compiled on first use) with standalone ESM output, whose format and rule references go through
 * the rules runtime import (`__cbpRules`, validators-runtime.ts).
 */
import { _ } from 'cross-border-payments-runtime/validators/ajv';
import {
  type AnyAjv,
  codegen,
  createValidatorAjv,
  ruleKeywordDefinition,
  RULES_RUNTIME,
} from 'cross-border-payments-runtime/validators/ajv';
import { type RuleKeyword, useLinearEngine } from 'cross-border-payments-runtime/validators';
import { re2Engine } from 'cross-border-payments-runtime/validators/re2';
import type { CodeKeywordDefinition } from 'ajv';

// ajv compiles standalone code by calling the pattern engine on every pattern: the generator
// holds RE2 for the patterns of any document (the output installs it only where needed).
useLinearEngine(re2Engine);

export type { AnyAjv };

export interface AjvChoice {
  openapi31: boolean;
  /** Query and path parameters arrive as strings: coerce (and wrap single values in arrays). */
  coerce: boolean;
  /** False when some pattern of the document is not valid in unicode mode. */
  unicodeRegExp: boolean;
  /** Formats used by the document that ajv-formats does not know: accepted without checks. */
  unknownFormats: string[];
  /** 2020-12 keywords the document uses (see prepare-schema.ts FEATURES); without them ajv can
   * skip its evaluated-properties and dynamic-anchor bookkeeping on every call. */
  features?: ReadonlySet<string>;
  /** Let ajv copy small referenced schemas into each use (default true). Off for large
   * documents, where the copies dominate the output size. */
  inlineRefs?: boolean;
  /** The rule keywords of the selected plugins (generator/keywords/index.ts lists the generic ones). */
  keywords: readonly RuleKeyword[];
}

export function createAjv(choice: AjvChoice): AnyAjv {
  return createValidatorAjv(
    { ...choice, inlineRefs: choice.inlineRefs ?? true, keywords: choice.keywords.map(keywordDefinition) },
    { code: { source: true, esm: true, lines: true, optimize: true, formats: _`${RULES_RUNTIME}.formats` } },
  );
}

/** The ajv keyword of a rule keyword, its params checked against the keyword's schema. */
export function keywordDefinition(k: RuleKeyword): CodeKeywordDefinition {
  const code = k.code;
  return ruleKeywordDefinition({
    ...k,
    extra: k.extraArgs(),
    ...(code === undefined ? {} : { inline: (cxt, params) => code(codegen(cxt, params)) }),
  });
}
