/**
 * The payment state table, one module for every reader: the type and derived facts (shared
 * with the generated runtime), the loader with its schema. Nothing else parses the table.
 */
export type { StateTable } from 'cross-border-payments-runtime/payments';
export { defaultStateTablePath, loadStateTable, validateStateTable } from './load.js';
