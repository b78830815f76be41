/**
 * The ajv instance validators are compiled with, at generate time: 2020-12 for OpenAPI 3.1,
 * draft-07 for 3.0; the options of packages/runtime/src/rules/validation-options.ts (first error
 * per part, linear-time patterns); formats: ajv-formats' full set (the runtime's ES module,
 * rules/formats.ts); the rule vocabulary; standalone ESM
 * output whose format and rule references go through the rules runtime import (`__cbpRules`,
 * validators-runtime.ts).
 */
import { _, Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { formats } from 'cross-border-payments-runtime/rules/formats.js';
import { useLinearEngine } from 'cross-border-payments-runtime/rules/regexp.js';
import { re2Engine } from 'cross-border-payments-runtime/rules/regexp-re2.js';
import { PATTERN_ENGINE, VALIDATION_OPTIONS } from 'cross-border-payments-runtime/rules/validation-options.js';
import type { RuleKeyword } from '../keywords/rule-keyword.js';

// ajv compiles standalone code by calling the pattern engine on every pattern: the generator
// holds RE2 for the patterns of any document (the output installs it only where needed).
useLinearEngine(re2Engine);
import { RULES_RUNTIME } from '../keywords/rule-keyword.js';

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
  /** The rule keywords of the selected plugins (generator/keywords/ for the generic ones). */
  keywords: readonly RuleKeyword[];
}

export type AnyAjv = Ajv | Ajv2020;

export function createAjv(choice: AjvChoice): AnyAjv {
  const options: Options = {
    ...VALIDATION_OPTIONS,
    inlineRefs: choice.inlineRefs ?? true,
    unicodeRegExp: choice.unicodeRegExp,
    coerceTypes: choice.coerce ? 'array' : false,
    // A property named like an Object.prototype member (`valueOf`, `constructor`) is checked on the
    // object itself: inherited members must neither satisfy `required` nor be validated.
    ownProperties: choice.features?.has('ownProperties') ?? true,
    // Patterns go through the runtime's engine (`__cbpRules.regExp`, exported by validators-runtime.ts).
    code: { source: true, esm: true, lines: true, optimize: true, formats: _`${RULES_RUNTIME}.formats`, regExp: PATTERN_ENGINE },
  };
  const ajv: AnyAjv = choice.openapi31 ? new Ajv2020(options) : new Ajv(options);
  if (choice.openapi31 && choice.features !== undefined) {
    // Ajv2020 forces both on in its constructor; code generation reads them per compile, so a
    // document that uses neither gets validators without the per-call bookkeeping.
    const opts = ajv.opts as { unevaluated?: boolean; dynamicRef?: boolean };
    opts.unevaluated = choice.features.has('unevaluatedProperties') || choice.features.has('unevaluatedItems');
    opts.dynamicRef = [...choice.features].some((f) => /dynamic|recursive/i.test(f));
  }
  for (const [name, def] of Object.entries(formats)) ajv.addFormat(name, def as never);
  for (const name of choice.unknownFormats) if (!(name in formats)) ajv.addFormat(name, true);
  for (const k of choice.keywords) ajv.addKeyword(k.definition);
  return ajv;
}
