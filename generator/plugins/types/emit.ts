/**
 * `types.ts`: openapi-typescript's output (`paths`, `components`, `operations`, `webhooks`), the
 * types the client, server and validators are written against.
 *
 * openapi-typescript keys `operations` by operationId. It is given a copy of the document whose
 * every operation has `operationId` = our normalized id (OperationModel.id), so
 * `operations[id]` in types.ts and the ids in operations.ts are the same, every operation has
 * an entry, and duplicate or unusable operationIds cannot break it.
 */
import { CbpError } from '../../../lib/errors.js';
import type { ApiModel } from '../../ir/model.js';
import type { Emitter } from '../../emitters/emitter.js';
import { typeContentParametersBySchema } from './content-parameters.js';
import { maskPrototypeKeys } from './prototype-keys.js';
import { typesOnWorker } from './types-thread.js';
import { unescapeToken } from 'cross-border-payments-runtime/validators';

type Obj = Record<string, unknown>;

/** The document with every operation's `operationId` set to our normalized id, and JSON
 * `content` parameters typed by their schema. Only the objects on the way are copied (the
 * caller's document is shared with the other emitters, never changed). */
export function withNormalizedOperationIds(document: Obj, model: ApiModel): Obj {
  const paths: Record<string, Obj> = { ...((document.paths ?? {}) as Record<string, Obj>) };
  const copiedItems = new Set<string>();
  for (const op of model.operations) {
    let item = paths[op.path];
    if (!item) continue;
    if (!copiedItems.has(op.path)) {
      // A path item that is a $ref: inlined, so that the operation can carry its new id.
      item = paths[op.path] = { ...(typeof item.$ref === 'string' ? resolveLocal(document, item.$ref) : item) };
      copiedItems.add(op.path);
    }
    const operation = item[op.method] as Obj | undefined;
    if (operation) item[op.method] = { ...operation, operationId: op.id };
  }
  return typeContentParametersBySchema({ ...document, paths });
}

function resolveLocal(doc: Obj, ref: string): Obj {
  let node: unknown = doc;
  for (const t of ref.replace(/^#\//, '').split('/')) node = (node as Obj)?.[unescapeToken(t)];
  return (node ?? {}) as Obj;
}

/** openapi-typescript's helper for `required` beside `allOf` is `T & { [P in K]-?: T[P] }` with
 * `K extends keyof T`: over a nullable base (`T | null`, keyof = never) that constraint fails
 * (TS2344), and a name required here but declared in a sibling member fails too. The replacement
 * distributes over the union, leaves `null` as it is and requires only keys the member has. */
const WITH_REQUIRED = /^type WithRequired<T, K extends keyof T> = T & \{\n {4}\[P in K\]-\?: T\[P\];\n\};$/m;
const WITH_REQUIRED_TOLERANT =
  'type WithRequired<T, K extends PropertyKey> = T extends object ? T & {\n    [P in K & keyof T]-?: T[P];\n} : T;';

export function tolerantWithRequired(text: string): string {
  return text.replace(WITH_REQUIRED, WITH_REQUIRED_TOLERANT);
}

/** The TS printer indents by 4; the rest of the output (templates) by 2. Only leading
 * indentation changes: the printed types contain no multi-line string or template literals. */
function twoSpaceIndent(text: string): string {
  return text.replace(/^(?: {4})+/gm, (indent) => ' '.repeat(indent.length / 2));
}

/** openapi-typescript's options for types.ts. defaultNonNullable off: a field with a `default`
 * (is_third_party_payment) stays optional for the caller who sends a request; openapi-typescript
 * would otherwise make it required. */
export const OPENAPI_TS_OPTIONS = {
  silent: true,
  defaultNonNullable: false,
  // An open object the seed does not detail (third-party payloads) is `Record<string, unknown>`, not `never`.
  emptyObjectsUnknown: true,
} as const;

export const typesEmitter: Emitter = {
  name: 'types',
  async emit(ctx) {
    if (!ctx.document) throw new Error('types emitter: the pipeline must pass the bundled document');
    try {
      const masked = maskPrototypeKeys(withNormalizedOperationIds(ctx.document, ctx.model));
      const printed = await typesOnWorker(masked.document, OPENAPI_TS_OPTIONS);
      return [{ path: 'types.ts', contents: masked.unmask(twoSpaceIndent(tolerantWithRequired(printed))) }];
    } catch (err) {
      const message = String((err as Error)?.message ?? err).split('\n')[0];
      // The toolchain, not the document (types-worker.mjs checks the TypeScript it runs on).
      if (message?.startsWith('the types plugin cannot run openapi-typescript'))
        throw new CbpError('E_CONFIG', message, { rule: 'openapi-typescript (TypeScript compiler API)' });
      const at = / at #(\/.*)$/.exec(message);
      throw new CbpError('E_SPEC_INVALID', `openapi-typescript rejected the document: ${message}`, {
        pointer: at ? at[1] : undefined,
        rule: 'openapi-typescript (redocly)',
      });
    }
  },
};
