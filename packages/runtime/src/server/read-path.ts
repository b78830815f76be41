/**
 * Path parameters (OpenAPI 3.1 §4.8.12.4: `simple`, `label`, `matrix`), from the captured text of
 * their segment, still percent-encoded: delimiters are found before decoding.
 */
import {
  type ParamMeta,
  type ReadParams,
  percentDecode,
  MALFORMED,
  type Result,
  jsonOf,
  styleOf,
  explodeOf,
  own,
  fromTokens,
  isComposite,
  split,
  scalarOf,
  collect,
} from './param-values.js';

/** One path segment's captured text, still percent-encoded (delimiters are found before decoding). */
export function readPathParam(m: ParamMeta, raw: string): Result {
  if (m.json) return jsonOf(percentDecode(raw));
  const style = styleOf(m);
  if (style === 'label') {
    if (!raw.startsWith('.')) return MALFORMED;
    const body = raw.slice(1);
    if (!isComposite(m)) return scalarOf(m, body, percentDecode);
    // The specification's table separates non-exploded items with `.`; RFC 6570 writes `,`.
    return fromTokens(m, split(body, !explodeOf(m) && body.includes(',') ? ',' : '.'), percentDecode);
  }
  if (style === 'matrix') {
    if (!raw.startsWith(';')) return MALFORMED;
    const parts = raw.slice(1).split(';');
    const name = encodeURIComponent(m.name);
    if (m.type === 'object' && explodeOf(m))
      return fromTokens(
        m,
        parts.filter((p) => p !== ''),
        percentDecode,
      );
    const values: string[] = [];
    for (const p of parts) {
      const eq = p.indexOf('=');
      if ((eq === -1 ? p : p.slice(0, eq)) !== name) return MALFORMED;
      values.push(eq === -1 ? '' : p.slice(eq + 1));
    }
    if (!isComposite(m)) return values.length === 1 ? scalarOf(m, values[0] ?? '', percentDecode) : MALFORMED;
    if (m.type === 'array' && explodeOf(m)) return fromTokens(m, values, percentDecode);
    return values.length === 1 ? fromTokens(m, split(values[0] ?? '', ','), percentDecode) : MALFORMED;
  }
  return isComposite(m) ? fromTokens(m, split(raw, ','), percentDecode) : scalarOf(m, raw, percentDecode);
}

export function readPathParams(raw: Readonly<Record<string, string>>, metas: readonly ParamMeta[]): ReadParams {
  return collect(
    metas,
    (m) => own(raw, m.name),
    (m, text: string) => readPathParam(m, text),
  );
}
