/**
 * The state table the mock runs on. By default the table `cbp generate` emitted as data into
 * generated/payment-states.ts (the same spec/payment-states.yaml, kept in step by
 * `cbp generate --check`): importing it is a few microseconds, while parsing the YAML pulls in
 * the yaml parser and compiles the shape schema with ajv, ~130 ms of `cbp mock` start-up.
 * A partner's own table (`stateTable` path) is still loaded and checked by
 * lib/state-table.ts, imported only then.
 */
import type { StateTable } from '../kits/payments/state-table/index.js';
import { paymentStates } from './generated-api.js';

type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

// Type-checked against the model's StateTable: a generated table of another shape fails tsc here.
const builtIn: DeepReadonly<StateTable> = paymentStates;

/** The table of this package (the mock reads it and never mutates it, hence the cast). */
export function builtInStateTable(): StateTable {
  return builtIn as StateTable;
}

/** `file` given: that table, parsed and checked (CbpError with a pointer); else the built-in one. */
export async function resolveStateTable(file: string | undefined): Promise<StateTable> {
  if (file === undefined) return builtInStateTable();
  const { loadStateTable } = await import('../kits/payments/state-table/index.js');
  return loadStateTable(file);
}
