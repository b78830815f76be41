/**
 * The payment state table, one module for every reader: the type and derived facts (shared
 * with the generated runtime), the loader with its schema. Nothing else parses the table.
 */
export {
  tableFacts,
  type PaymentStateTable,
  type StateTable,
  type TableFacts,
} from 'cross-border-payments-runtime/payments';
export { defaultStateTablePath, loadStateTable, validateStateTable } from './load.js';
export { stateTableShapeErrors } from './schema.js';
