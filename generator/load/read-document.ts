/**
 * Reads one YAML or JSON file into a plain object, turning the usual failures into CbpErrors
 * (missing file → E_FILE_NOT_FOUND, syntax error → E_SPEC_PARSE with line and column).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CORE_SCHEMA, load as loadYamlFast } from 'js-yaml';
import { parseDocument } from 'yaml';
import { CbpError, type CbpErrorCode } from '../../lib/errors.js';
import { readCapped } from './read-capped.js';

export interface ReadOptions {
  /** Base for relative paths and for the file name shown in errors. Default: process.cwd(). */
  cwd?: string;
  /** Code used for syntax errors (overlays use E_OVERLAY_INVALID). Default: E_SPEC_PARSE. */
  parseErrorCode?: CbpErrorCode;
  /** What the file should be, for messages ("OpenAPI document", "overlay"). */
  kind?: string;
}

/** The file name to show users: relative to cwd when inside it, never made absolute. */
export function displayName(file: string, cwd: string = process.cwd()): string {
  if (isUrl(file)) return file;
  const rel = path.relative(cwd, path.resolve(cwd, file));
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** `http:` and `https:` locations are fetched (at generate time only); anything else is a path. */
export function isUrl(file: string): boolean {
  return /^https?:\/\//i.test(file);
}

export async function readDocumentFile(file: string, options: ReadOptions = {}): Promise<unknown> {
  const cwd = options.cwd ?? process.cwd();
  const shown = displayName(file, cwd);
  const kind = options.kind ?? 'OpenAPI document';
  if (isUrl(file)) return parseDocumentText(await fetchText(file, kind), shown, options);
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CbpError('E_FILE_NOT_FOUND', `cannot read ${kind} ${shown}${code ? ` (${code})` : ''}`, {
      file: shown,
      hint: 'check the path (relative to the working directory or the config file)',
    });
  }
  return parseDocumentText(text, shown, options);
}

/** Parses YAML or JSON text. JSON goes through JSON.parse (much faster on large documents). */
export function parseDocumentText(text: string, shown: string, options: ReadOptions = {}): unknown {
  const code = options.parseErrorCode ?? 'E_SPEC_PARSE';
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch (err) {
      // Not valid JSON; it may still be YAML flow style, so fall through to the YAML parser.
      if (shown.endsWith('.json')) {
        const pos = /position (\d+)/.exec(String((err as Error).message));
        const where = pos ? lineCol(trimmed, Number(pos[1])) : undefined;
        throw new CbpError(
          code,
          `invalid JSON${where ? ` at line ${where.line}, column ${where.col}` : ''}: ` +
            `${firstLine((err as Error).message)}`,
          { file: shown },
        );
      }
    }
  }
  const fast = parseYamlFast(text);
  if (fast.ok) return compact(fast.value);
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const pos = error.linePos?.[0] ?? (error.pos ? lineCol(text, error.pos[0]) : undefined);
    const where = pos ? ` at line ${pos.line}, column ${pos.col}` : '';
    throw new CbpError(code, `invalid YAML${where}: ${firstLine(error.message)}`, {
      file: shown,
      hint: 'fix the syntax at that position',
    });
  }
  try {
    return doc.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    // `yaml` refuses to expand aliases past the limit (an alias bomb): a user-facing parse error.
    throw new CbpError(code, `invalid YAML: ${firstLine((err as Error).message)}`, {
      file: shown,
      hint: 'expand the aliases by hand, or use fewer of them',
    });
  }
}

/** js-yaml builds plain objects straight from parser events, 4-8x faster than `yaml`'s document
 * model on provider documents (0.34 MB: 0.1 s against 0.45 s). Both read the YAML 1.2 core schema,
 * so values are the same. Anything it does not take as-is goes to the `yaml` path below, which
 * gives the positioned error messages and expands aliases under a count limit: syntax errors,
 * duplicate keys (js-yaml refuses them too) and any alias at all (`maxAliases: 0`), because js-yaml
 * shares aliased nodes without a limit and an alias bomb would then explode in later walks. */
function parseYamlFast(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: loadYamlFast(text, { schema: CORE_SCHEMA, maxAliases: 0 }) };
  } catch {
    return { ok: false };
  }
}

/** js-yaml's strings are slices of the text they were read from, which they keep alive, and its
 * arrays and objects keep room to grow. A JSON round trip gives them JSON.parse's compact layout:
 * the GitHub description split into 2,851 YAML files (7 MB) is 14 MB once parsed, not 28 MB,
 * for ~0.1 s. Only when JSON carries every value as it is (no NaN, Infinity or -0, which it
 * writes as null and 0); a YAML file holds no other kind of value on this path. */
function compact(value: unknown): unknown {
  return jsonExact(value) ? JSON.parse(JSON.stringify(value)) : value;
}

function jsonExact(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'number') {
      if (!Number.isFinite(node) || Object.is(node, -0)) return false;
    } else if (node !== null && typeof node === 'object') {
      for (const value of Array.isArray(node) ? node : Object.values(node)) stack.push(value);
    }
  }
  return true;
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, col: offset - before.lastIndexOf('\n') };
}

function firstLine(message: string): string {
  return message.split('\n')[0].trim();
}

async function fetchText(url: string, kind: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    throw new CbpError('E_FILE_NOT_FOUND', `cannot fetch ${kind} ${url} (${cause})`, {
      file: url,
      hint: 'check the URL and the network',
    });
  }
  if (!response.ok) {
    throw new CbpError('E_FILE_NOT_FOUND', `cannot fetch ${kind} ${url} (HTTP ${response.status})`, {
      file: url,
      hint: 'check the URL',
    });
  }
  return (await readCapped(response, url)).toString('utf8');
}
