/**
 * The JSON Schema of a payment state table (spec/payment-states.yaml), checked with ajv so that
 * a malformed table is reported with a pointer instead of failing later in the mock or runner.
 */
import { Ajv } from 'ajv';

const str = { type: 'string', minLength: 1 } as const;
const bool = { type: 'boolean' } as const;
const list = (items: object) => ({ type: 'array', items }) as const;
const obj = (required: string[], properties: Record<string, object>) =>
  ({ type: 'object', required, properties }) as const;

const schema = obj(['version', 'statuses', 'initial', 'transitions', 'fanOut', 'notShown', 'assumptions', 'sessions'], {
  version: { type: 'integer', minimum: 1 },
  statuses: {
    ...list(
      obj(['name', 'documented'], {
        name: str,
        documented: bool,
        perRecipient: bool,
        terminal: bool,
        note: { type: 'string' },
      }),
    ),
    minItems: 1,
  },
  initial: {
    ...list(obj(['status', 'documented', 'source'], { status: str, documented: bool, source: { type: 'string' } })),
    minItems: 1,
  },
  transitions: list(
    obj(['id', 'from', 'to', 'trigger', 'source'], {
      id: str,
      from: { type: ['string', 'null'] },
      to: str,
      trigger: str,
      condition: { type: 'string' },
      perRecipient: bool,
      requiresAllRecipients: str,
      maxDelaySeconds: { type: 'number', minimum: 0 },
      emits: { type: 'string' },
      source: { type: 'string' },
    }),
  ),
  fanOut: obj(['statuses', 'key', 'exactlyOncePerRecipient', 'interleaving'], {
    statuses: list(str),
    key: str,
    exactlyOncePerRecipient: bool,
    interleaving: obj(['documented'], { documented: bool, assumption: { type: 'string' } }),
  }),
  notShown: list(
    obj(['subject', 'what', 'source'], {
      subject: str,
      what: str,
      source: { type: 'string' },
      assumption: { type: 'string' },
    }),
  ),
  assumptions: list(obj(['id', 'text'], { id: str, text: str })),
  sessions: obj(['states', 'expiry', 'otherStatuses'], {
    states: list(obj(['name', 'documented'], { name: str, documented: bool, note: { type: 'string' } })),
    expiry: obj(['field', 'rule'], { field: str, rule: str }),
    otherStatuses: obj(['documented', 'note'], { documented: bool, note: { type: 'string' } }),
  }),
});

const validate = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile(schema);

/** The first shape problem, or undefined when the value has the shape of a StateTable. */
export function stateTableShapeErrors(value: unknown): { message: string; pointer: string } | undefined {
  if (validate(value)) return undefined;
  const e = validate.errors![0]!;
  const pointer =
    e.keyword === 'required'
      ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`
      : e.instancePath;
  const what =
    e.keyword === 'required' ? `missing ${(e.params as { missingProperty: string }).missingProperty}` : e.message;
  return { message: `state table ${what}`, pointer };
}
