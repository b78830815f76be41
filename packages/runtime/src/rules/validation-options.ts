/**
 * The ajv options every validator of the output is compiled with, in one place: at generate time
 * for standalone validators (generator/validation/create-ajv.ts) and on first use for the others
 * (lazy-validators.ts). Request bodies are untrusted input, so validation is bounded:
 *
 * - `allErrors: false`: each validated part (path, query, headers, cookies, body, a response, a
 *   webhook payload) stops at its first violation. With every error collected, a 1 MB body of
 *   `{}` items produced 660,000 errors (seconds of blocked event loop, hundreds of MB, an answer of
 *   100 MB); ajv's own security notes advise against `allErrors` in production for this reason.
 *   It also makes ajv check length limits before a `pattern` and skip the pattern when they fail.
 * - document patterns run on a linear-time engine where they could backtrack (regexp.ts).
 * - at most MAX_VIOLATIONS violations are answered; the rest are counted (schema-errors.ts).
 */
import type { Options } from 'ajv';
import { regExp } from './regexp.js';

/** Violations answered per validation; more are summarised by one `validation.more-violations`
 * entry that counts them. */
export const MAX_VIOLATIONS = 20;

/** What both compile paths share (each adds its own code generation and schema-check options). */
export const VALIDATION_OPTIONS = {
  allErrors: false,
  // OpenAPI schemas carry example, xml, discriminator and x- keywords: not errors. Our own
  // keywords still validate their arguments against their meta-schemas.
  strictSchema: false,
  strictNumbers: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  validateFormats: true,
} as const satisfies Options;

/** ajv's `code.regExp`: how `pattern` and `patternProperties` are evaluated. */
export const PATTERN_ENGINE = regExp;
