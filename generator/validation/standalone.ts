/**
 * Compiles named schemas once, at generate time, into one ESM module (ajv standalone). ajv's
 * standalone output still `require`s its small runtime helpers (ucs2length, equal, ...); those
 * become ESM imports here: `ucs2length` (every maxLength/minLength) from the runtime's ES module,
 * the others from ajv (CommonJS, which a bundler wraps in helpers every chunk of a page loads). Every other reference
 * (formats, rule checks) already goes through the `__cbpRules` import. Spec strings only appear inside ajv-escaped
 * string literals, so the `require("` text searched for below can only be ajv's own.
 */
import { standaloneCode } from 'cross-border-payments-runtime/validators/ajv';
import { CbpError } from '../../lib/errors.js';
import type { JSONSchema } from '../ir/json-schema.js';
import type { AnyAjv } from './create-ajv.js';

const BASE = 'https://cbp.invalid/validators/';
const AJV_RUNTIME = /require\("ajv\/dist\/runtime\/([a-z0-9_]+)"\)\.default/g;

export interface NamedSchema {
  /** Export name (a valid identifier). */
  name: string;
  schema: JSONSchema;
  /** Where the schema comes from, for errors (e.g. `/paths/~1v1~1x/post/requestBody`). */
  at: string;
}

export function compileStandalone(ajv: AnyAjv, schemas: NamedSchema[], rulesImport: string): string {
  const refs: Record<string, string> = {};
  for (const s of schemas) {
    const id = BASE + s.name;
    try {
      ajv.addSchema(s.schema as object, id);
      ajv.getSchema(id);
    } catch (e) {
      throw new CbpError('E_SPEC_INVALID', `schema cannot be compiled: ${(e as Error).message}`, {
        pointer: s.at,
        rule: 'JSON Schema',
      });
    }
    refs[s.name] = id;
  }
  if (schemas.length === 0) return `${imports(rulesImport, [])}export {};\n`;
  const code = standaloneCode(ajv, refs);
  const helpers = new Set<string>();
  const body = code.replace(AJV_RUNTIME, (_m, helper: string) => {
    helpers.add(helper);
    return `__ajvRuntime_${helper}`;
  });
  if (body.includes('require(')) {
    const at = body.indexOf('require(');
    if (body.slice(at, at + 9) === 'require("')
      throw new Error(`ajv standalone output has an unexpected require: ${body.slice(at, at + 80)}`);
  }
  return `${imports(rulesImport, [...helpers].sort())}${body.replace(/^"use strict";\n?/, '')}\n`;
}

function imports(rulesImport: string, helpers: string[]): string {
  const lines = [`import * as __cbpRules from ${JSON.stringify(rulesImport)};`];
  for (const h of helpers) {
    if (h === 'ucs2length') {
      lines.push('import { ucs2length as __ajvRuntime_ucs2length } from "./runtime/rules/ucs2length.js";');
      continue;
    }
    // CommonJS default under Node (module.exports) or under a bundler (exports.default).
    lines.push(`import __ajvRuntimeModule_${h} from "ajv/dist/runtime/${h}.js";`);
    lines.push(`const __ajvRuntime_${h} = __ajvRuntimeModule_${h}.default ?? __ajvRuntimeModule_${h};`);
  }
  return `${lines.join('\n')}\n`;
}
