/**
 * Webhook payloads and status moves judged against the provider's document, as contract-violation
 * events (../../contract/violation.ts): where, which rule, the value's JSON type, never the value.
 * The schema check is the generated `validateWebhook` (the one the conformance runner uses), loaded
 * on the first delivery only when validation is on.
 */
import { valueTypeOf, type ContractViolation, type ContractViolationHandler } from '../../contract/violation.js';
import type { RuleViolation, ValidationOutcome } from '../../rule-types.js';
import { tableFacts, type PaymentStateTable } from '../state-table.js';
import type { UnlistedMove } from './table-moves.js';

/** `off`: nothing is checked. `report`: violations go to `onContractViolation`, the delivery is
 * processed as before. `throw`: the delivery is refused (consumer.ts says why). `both`: report and refuse. */
export type PayloadValidationMode = 'off' | 'report' | 'throw' | 'both';

/** The generated `validateWebhook` bound to one webhook, e.g.
 * `(payload) => validateWebhook('paymentStatus', payload)`. */
export type PayloadValidator = (payload: unknown) => ValidationOutcome;

export interface PayloadCheckOptions {
  table: PaymentStateTable;
  /** The webhook event type named in every event (the document's webhook name). */
  eventType: string;
  documentHash: string;
  /** Loaded once, on the first delivery judged; absent: only the state table's checks run. */
  loadValidator?: () => PayloadValidator | Promise<PayloadValidator>;
}

export interface PayloadCheck {
  /** Schema and rule violations of one payload, plus a status value the table does not list. */
  payload(payload: unknown): Promise<ContractViolation[]>;
  /** Status moves the reducer found outside the table. */
  moves(moves: readonly UnlistedMove[]): ContractViolation[];
}

export function createPayloadCheck(options: PayloadCheckOptions): PayloadCheck {
  const { table, eventType, documentHash } = options;
  let validator: Promise<PayloadValidator | undefined> | undefined;
  const base = { operationId: eventType, documentHash } as const;
  return {
    async payload(payload) {
      validator ??= Promise.resolve(options.loadValidator?.());
      const validate = await validator;
      const out = validate ? validate(payload).violations.map((v) => fromRule(v, payload, base)) : [];
      // The schema keeps the status open (assumption A-OPEN-STATUS, so a new status never breaks
      // a delivery); a value outside the nine listed is still drift worth reporting.
      const status = isRecord(payload) ? payload['status'] : undefined;
      if (
        typeof status === 'string' &&
        !tableFacts(table).known.has(status) &&
        !out.some((v) => v.pointer === '/status')
      )
        out.push({
          source: 'webhook',
          ...base,
          ruleId: 'schema/enum',
          pointer: '/status',
          valueType: 'string',
          message: 'a status the payment state table does not list',
        });
      return out;
    },
    moves(moves) {
      return moves.map((m) => ({
        source: 'state-table',
        ...base,
        ruleId: 'state-table/transition',
        pointer: '/status',
        valueType: 'string',
        message:
          m.recipientId === undefined
            ? 'a payment status move the payment state table does not have'
            : "a recipient's payout status move the payment state table does not have",
      }));
    },
  };
}

/** The default handler: a warning through the consumer's logger (the event holds no value). */
export function logViolations(
  warn: (message: string, fields?: Record<string, unknown>) => void,
): ContractViolationHandler {
  return (violation) => warn('webhook contract violation', { ...violation });
}

function fromRule(
  v: RuleViolation,
  payload: unknown,
  base: { operationId: string; documentHash: string },
): ContractViolation {
  const ruleId = v.rule.startsWith('schema.') ? `schema/${v.rule.slice('schema.'.length)}` : v.rule;
  const valueType = valueTypeOf(at(payload, v.pointer));
  // v.message may quote the value (a rule's description of a sum, say): a sentence of our own instead.
  return {
    source: 'webhook',
    ...base,
    ruleId,
    pointer: v.pointer,
    valueType,
    message: `${ruleId} broken at '${v.pointer}' (${valueType})`,
  };
}

/** The value at an RFC 6901 pointer, undefined when absent. */
function at(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
  }
  return node;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
