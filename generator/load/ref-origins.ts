/**
 * Which external `$ref`s a document may reach at generate time. A document fetched by URL is
 * someone else's text: its `$ref`s could otherwise make the generator read local files
 * (`file:///…/.env`) or other hosts (a cloud metadata address, an internal service) and bundle
 * what they answer into the generated code. So:
 *
 * - a document fetched by URL reaches only its own origin (scheme, host and port, RFC 6454 §4),
 *   plus the origins the user lists (`--allow-ref-origin`, config `allowRefOrigins`); never a
 *   `file:` or other local reference;
 * - a local document reaches local files as before, and http(s) only on the listed origins (a
 *   build that fetches at generate time should say from where);
 * - redirects are followed only to an origin the same rules allow.
 *
 * Each fetched (and each local) document's `$ref`s are checked before json-schema-ref-parser
 * follows them, so a refusal names the file and the JSON pointer of the `$ref`; the resolvers
 * themselves refuse any target the rules do not allow, whatever the walk saw.
 */
import { CbpError, toPointer } from '../../lib/errors.js';
import { readCapped } from './read-capped.js';
import { isUrl, parseDocumentText } from './read-document.js';

export const REF_ORIGIN_RULE = 'cbp: $ref origin';
const MAX_REDIRECTS = 5;
const FETCH_TIMEOUT_MS = 60_000;

/** `https://host[:port]` (a trailing `/` allowed): the origin it names. Anything else throws. */
export function parseOrigin(
  value: string,
  where: { file?: string; pointer?: string; code?: 'E_USAGE' | 'E_CONFIG' } = {},
): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (url.pathname === '/' || url.pathname === '') &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (url === undefined || !bare) {
    throw new CbpError(where.code ?? 'E_USAGE', `${JSON.stringify(value)} is not an origin`, {
      ...(where.file !== undefined ? { file: where.file } : {}),
      ...(where.pointer !== undefined ? { pointer: where.pointer } : {}),
      hint: 'give scheme, host and optional port only, e.g. https://schemas.example.com or http://127.0.0.1:8080',
    });
  }
  return url.origin;
}

interface Violation {
  error: CbpError;
}

export interface RefGuardOptions {
  /** The root document: a URL or an absolute path. */
  root: string;
  /** Extra http(s) origins any document may reach (already normalized by parseOrigin). */
  allowOrigins?: readonly string[];
  /** The root's name as users see it (errors in the root name it). */
  shown: string;
}

export class RefGuard {
  private readonly rootOrigin: string | undefined;
  private readonly allowed: Set<string>;
  private readonly shown: string;
  private readonly root: string;
  /** The first refusal, kept so that it wins over whatever json-schema-ref-parser reports. */
  violation: Violation | undefined;

  constructor(options: RefGuardOptions) {
    this.root = options.root;
    this.shown = options.shown;
    this.rootOrigin = isUrl(options.root) ? new URL(options.root).origin : undefined;
    this.allowed = new Set(options.allowOrigins ?? []);
    if (this.rootOrigin !== undefined) this.allowed.add(this.rootOrigin);
  }

  /** Checks the `$ref`s of the (parsed) root document. Throws the refusal. */
  checkRoot(doc: unknown): void {
    this.check(doc, this.root, this.shown);
    if (this.violation) throw this.violation.error;
  }

  /** Wraps a json-schema-ref-parser parser plugin: each local file it parses is checked (fetched
   * ones were checked when downloaded). A refusal is recorded, not thrown: the resolver then
   * refuses the target with it. */
  parser<P extends { parse(file: { url: string; data: Buffer | string }): unknown }>(plugin: P): P {
    return {
      ...plugin,
      parse: (file: { url: string; data: Buffer | string }) => {
        const parsed = plugin.parse(file);
        if (!isHttpUrl(file.url)) this.check(parsed, file.url, file.url);
        return parsed;
      },
    };
  }

  /** json-schema-ref-parser `resolve` options enforcing the rules. */
  resolvers(): Record<string, unknown> {
    return {
      // Local files are read as before (json-schema-ref-parser's own file resolver).
      file: { canRead: (file: { url: string }) => !isHttpUrl(file.url) && this.rootOrigin === undefined },
      http: {
        safeUrlResolver: false,
        canRead: (file: { url: string }) => isHttpUrl(file.url) && this.allowed.has(originOf(file.url)),
        read: (file: { url: string }) => this.download(file.url),
      },
      // Whatever neither may read: refused, naming the target (the walk above names the pointer
      // first whenever it saw the `$ref`).
      cbpRefused: {
        order: 1,
        canRead: (file: { url: string }) =>
          isHttpUrl(file.url) ? !this.allowed.has(originOf(file.url)) : this.rootOrigin !== undefined,
        read: (file: { url: string }) => {
          const error = this.violation?.error ?? this.refusal(file.url, undefined, undefined);
          this.violation ??= { error };
          throw error;
        },
      },
    };
  }

  private async download(url: string): Promise<Buffer> {
    let current = url;
    for (let hop = 0; ; hop++) {
      let res: Response;
      try {
        res = await fetch(current, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
        throw new Error(`Error downloading ${current}: ${cause}`);
      }
      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
        await res.body?.cancel();
        const next = new URL(res.headers.get('location')!, current).href;
        if (!isHttpUrl(next) || !this.allowed.has(originOf(next))) {
          const error = this.refusal(next, undefined, undefined, `${current} redirects to it`);
          this.violation ??= { error };
          throw error;
        }
        if (hop >= MAX_REDIRECTS) throw new Error(`Error downloading ${url}: more than ${MAX_REDIRECTS} redirects`);
        current = next;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`Error downloading ${current}: HTTP ERROR ${res.status}`);
      }
      let data: Buffer;
      try {
        data = await readCapped(res, current);
      } catch (error) {
        // Kept like a refusal, so that it wins over json-schema-ref-parser's wrapping of it.
        if (error instanceof CbpError) this.violation ??= { error };
        throw error;
      }
      this.checkText(data, url, url);
      return data;
    }
  }

  /** Parses a fetched or local file and checks its `$ref`s; a file that is not YAML/JSON has none
   * json-schema-ref-parser would follow. */
  private checkText(data: Buffer, where: string, shown: string): void {
    let parsed: unknown;
    try {
      parsed = parseDocumentText(data.toString('utf8'), shown);
    } catch {
      return;
    }
    this.check(parsed, where, shown);
    if (this.violation) throw this.violation.error;
  }

  /** Records the first `$ref` of `doc` (found at `where`) that the rules refuse. */
  private check(doc: unknown, where: string, shown: string): void {
    if (this.violation) return;
    const fromHttp = isHttpUrl(where);
    const stack: Array<{ node: unknown; path: string[] }> = [{ node: doc, path: [] }];
    while (stack.length > 0) {
      const { node, path } = stack.pop()!;
      if (node === null || typeof node !== 'object') continue;
      const entries = Array.isArray(node)
        ? node.map((v, i) => [String(i), v] as const)
        : Object.entries(node as Record<string, unknown>);
      for (const [key, value] of entries) {
        if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
          const target = resolveTarget(value, where, fromHttp);
          if (!this.allows(target, fromHttp)) {
            this.violation = { error: this.refusal(target.url, shown, pointerOf([...path, key]), undefined, fromHttp) };
            return;
          }
        }
        if (value !== null && typeof value === 'object') stack.push({ node: value, path: [...path, key] });
      }
    }
  }

  private allows(target: { url: string; http: boolean }, fromHttp: boolean): boolean {
    if (target.http) return this.allowed.has(originOf(target.url));
    // A local reference: only from a local document (and so never under a fetched root).
    return !fromHttp && this.rootOrigin === undefined;
  }

  private refusal(
    target: string,
    file: string | undefined,
    pointer: string | undefined,
    why?: string,
    fromHttp = this.rootOrigin !== undefined,
  ): CbpError {
    const local = !isHttpUrl(target);
    const reason = local
      ? 'a document fetched by URL may not reference local files'
      : fromHttp
        ? `a document fetched by URL may reference only its own ` +
          `origin${this.allowed.size > 1 || this.rootOrigin === undefined ? ' and the allowed ones' : ''}`
        : 'a local document may reference http(s) only on an allowed origin';
    return new CbpError('E_REF_REFUSED', `$ref to ${shownTarget(target)} refused${why ? ` (${why})` : ''}: ${reason}`, {
      file: file ?? this.shown,
      ...(pointer !== undefined ? { pointer } : {}),
      rule: REF_ORIGIN_RULE,
      hint: local
        ? 'bundle the referenced file into the document, or generate from a local copy'
        : `if you trust ${originOf(target)}, allow it: --allow-ref-origin ` +
          `${originOf(target)} (config: "allowRefOrigins")`,
    });
  }
}

/** Where a `$ref` written in the document at `where` points, resolved as json-schema-ref-parser
 * resolves it (WHATWG URL against the referring document). */
function resolveTarget(ref: string, where: string, fromHttp: boolean): { url: string; http: boolean } {
  if (fromHttp) {
    try {
      const url = new URL(ref, where);
      url.hash = '';
      return { url: url.href, http: url.protocol === 'http:' || url.protocol === 'https:' };
    } catch {
      return { url: ref, http: false };
    }
  }
  if (isHttpUrl(ref)) {
    try {
      const url = new URL(ref);
      url.hash = '';
      return { url: url.href, http: true };
    } catch {
      return { url: ref, http: true };
    }
  }
  return { url: ref, http: false };
}

function isHttpUrl(value: string): boolean {
  return /^https?:/i.test(value);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** The target without any query (it might carry a token) or credentials. */
function shownTarget(target: string): string {
  try {
    const url = new URL(target);
    url.search = '';
    url.hash = '';
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return target;
  }
}

function pointerOf(tokens: string[]): string {
  // Copies of discriminator mapping values (mapping-refs.ts) are reported at the mapping entry.
  const i = tokens.indexOf('x-cbp-mapping-refs');
  if (i > 0 && tokens[i - 1] === 'discriminator' && tokens.length === i + 3)
    return toPointer([...tokens.slice(0, i), 'mapping', tokens[i + 1]!]);
  return toPointer(tokens);
}
