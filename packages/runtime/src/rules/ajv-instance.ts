/**
 * The ajv instance every validator of the output is compiled with, for both compile paths: at
 * generate time into standalone code (generator/validation/create-ajv.ts adds its code options)
 * and on first use (lazy-validators.ts). 2020-12 for OpenAPI 3.1, draft-07 for 3.0; the options of
 * validation-options.ts; formats from ajv-formats; the rule keywords (ajv-keyword.ts).
 */
import type { CodeKeywordDefinition, Options } from 'ajv';
import { Ajv, Ajv2020 } from './ajv-exports.js';
import { formats } from './formats.js';
import { PATTERN_ENGINE, VALIDATION_OPTIONS } from './validation-options.js';

export interface AjvChoice {
  openapi31: boolean;
  /** Path, query and header parameters arrive as strings: coerce (and wrap single values in arrays). */
  coerce: boolean;
  /** False when some pattern of the document is not valid in unicode mode. */
  unicodeRegExp: boolean;
  /** Formats the document uses that ajv-formats does not know: accepted without checks. */
  unknownFormats: readonly string[];
  /** 2020-12 keywords the document uses that need ajv's costlier bookkeeping, and `ownProperties`
   * when a property is named like an Object.prototype member. Undefined: assume all of them. */
  features?: Iterable<string> | undefined;
  /** Let ajv copy small referenced schemas into each use. Off for large documents. */
  inlineRefs: boolean;
  keywords: readonly CodeKeywordDefinition[];
}

export type AnyAjv = Ajv | Ajv2020;

/** `extra`: the compile path's own options (code generation, schema checks). */
export function createValidatorAjv(choice: AjvChoice, extra: Options = {}): AnyAjv {
  const features = choice.features === undefined ? undefined : new Set(choice.features);
  const options: Options = {
    ...VALIDATION_OPTIONS,
    inlineRefs: choice.inlineRefs,
    unicodeRegExp: choice.unicodeRegExp,
    coerceTypes: choice.coerce ? 'array' : false,
    // A property named like an Object.prototype member (`valueOf`, `constructor`) is checked on the
    // object itself: inherited members must neither satisfy `required` nor be validated. Only then:
    // it costs ~15% of throughput.
    ownProperties: features?.has('ownProperties') ?? true,
    ...extra,
    // Patterns run on the linear-time engine (regexp.ts; `__cbpRules.regExp` in standalone code).
    code: { regExp: PATTERN_ENGINE, ...extra.code },
  };
  const ajv: AnyAjv = choice.openapi31 ? new Ajv2020(options) : new Ajv(options);
  if (choice.openapi31 && features !== undefined) {
    // Ajv2020 forces both on in its constructor; code generation reads them per compile, so a
    // document that uses neither gets validators without the per-call bookkeeping.
    const opts = ajv.opts as { unevaluated?: boolean; dynamicRef?: boolean };
    opts.unevaluated = [...features].some((f) => f.startsWith('unevaluated'));
    opts.dynamicRef = [...features].some((f) => /dynamic|recursive/i.test(f));
  }
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format as never);
  for (const name of choice.unknownFormats) if (!Object.hasOwn(formats, name)) ajv.addFormat(name, true);
  for (const k of choice.keywords) ajv.addKeyword(k);
  return ajv;
}
