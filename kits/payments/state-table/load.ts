/**
 * Loads spec/payment-states.yaml (or a partner's own table) as a StateTable, for the mock, the
 * conformance runner and `cbp generate`. The shape is checked with ajv, then the references
 * between sections (every status named must be listed); each problem is a CbpError with a JSON
 * pointer into the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { CbpError } from '../../../lib/errors.js';
import type { StateTable } from 'cross-border-payments-runtime/payments';
import { stateTableShapeErrors } from './schema.js';

/** spec/payment-states.yaml of this package, from sources or from dist/. */
export function defaultStateTablePath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'spec', 'payment-states.yaml');
    if (existsSync(candidate)) return candidate;
  }
  return path.resolve('spec/payment-states.yaml');
}

export function loadStateTable(file: string = defaultStateTablePath()): StateTable {
  const shown = path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CbpError(
      'E_FILE_NOT_FOUND',
      `cannot read state table ${shown} (${(err as NodeJS.ErrnoException).code})`,
      {
        file: shown,
        hint: 'pass the path of a payment-states.yaml file',
      },
    );
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const where = e.linePos?.[0] ? ` at line ${e.linePos[0].line}, column ${e.linePos[0].col}` : '';
    throw new CbpError('E_STATE_TABLE_INVALID', `invalid YAML${where}: ${e.message.split('\n')[0]}`, { file: shown });
  }
  return validateStateTable(doc.toJS(), shown);
}

/** Checks an already parsed table; `file` is only used in error messages. */
export function validateStateTable(value: unknown, file?: string): StateTable {
  const shape = stateTableShapeErrors(value);
  if (shape)
    throw new CbpError('E_STATE_TABLE_INVALID', shape.message, {
      file,
      pointer: shape.pointer,
      rule: 'payment-states shape',
    });
  const table = value as StateTable;
  const names = new Set<string>();
  table.statuses.forEach((s, i) => {
    if (names.has(s.name)) invalid(`status ${s.name} is listed twice`, `/statuses/${i}/name`, file);
    names.add(s.name);
  });
  const mustKnow = (status: string | null, pointer: string): void => {
    if (status !== null && !names.has(status)) invalid(`status ${status} is not listed under statuses`, pointer, file);
  };
  table.initial.forEach((s, i) => {
    mustKnow(s.status, `/initial/${i}/status`);
  });
  const ids = new Set<string>();
  table.transitions.forEach((t, i) => {
    if (ids.has(t.id)) invalid(`transition id ${t.id} is used twice`, `/transitions/${i}/id`, file);
    ids.add(t.id);
    mustKnow(t.from, `/transitions/${i}/from`);
    mustKnow(t.to, `/transitions/${i}/to`);
    if (t.requiresAllRecipients !== undefined)
      mustKnow(t.requiresAllRecipients, `/transitions/${i}/requiresAllRecipients`);
  });
  table.fanOut.statuses.forEach((s, i) => {
    mustKnow(s, `/fanOut/statuses/${i}`);
  });
  return table;
}

function invalid(message: string, pointer: string, file?: string): never {
  throw new CbpError('E_STATE_TABLE_INVALID', message, {
    file,
    pointer,
    hint: 'see spec/payment-states.yaml for the expected form',
  });
}
