/**
 * The catalogue: seeded changes to this project's contract (document with the rules overlay, and
 * the state table), each reported once with its rule, severity and place in both versions; and
 * cosmetic pairs (descriptions, examples, order, `$ref` against inline, a renamed component) that
 * report nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { diffSides } from '../../diff/index.js';
import { loadContractSide } from '../../diff/load.js';
import type { ContractSide, Severity } from '../../diff/types.js';
import type { StateTable } from '../../kits/payments/state-table/index.js';

type Doc = Record<string, any>;
interface Seeded {
  name: string;
  old?: (doc: Doc, table: StateTable) => void;
  new?: (doc: Doc, table: StateTable) => void;
  /** [rule, severity, old pointer, new pointer] of every change expected. */
  expect: Array<[string, Severity, string | undefined, string | undefined]>;
}

const S = '/components/schemas';
const CREATE = '/paths/~1v3~1customers~1{customer_id}~1payments/post';
const TOKEN = '/paths/~1auth~1oauth~1v2~1token/post';
const VA_GET = '/paths/~1v1~1customers~1{customer_id}~1virtual-accounts/get';
const VIEW = '/paths/~1v1~1customers~1{customer_id}~1payments~1{payment_id}';
const HOOK = '/webhooks/paymentStatus/post';
const schema = (d: Doc, name: string) => d.components.schemas[name];
const op = (d: Doc, p: string, m: string) => d.paths[p][m];
const createPayment = (d: Doc) => op(d, '/v3/customers/{customer_id}/payments', 'post');

const seeded: Seeded[] = [
  // Requests: what the partner sends.
  {
    name: 'a new required property in a request',
    new: (d) => {
      schema(d, 'PaymentRequest').properties.settlement_date = { type: 'string' };
      schema(d, 'PaymentRequest').required.push('settlement_date');
    },
    expect: [
      ['schema.required-added', 'breaking', `${S}/PaymentRequest`, `${S}/PaymentRequest/properties/settlement_date`],
    ],
  },
  {
    name: 'a new optional property in a request',
    new: (d) => {
      schema(d, 'PaymentRequest').properties.memo = { type: 'string' };
    },
    expect: [['schema.property-added', 'additive', `${S}/PaymentRequest`, `${S}/PaymentRequest/properties/memo`]],
  },
  {
    name: 'a property of a request made required',
    new: (d) => {
      schema(d, 'PaymentRequest').required.push('payment_reference');
    },
    expect: [
      ['schema.required-added', 'breaking', `${S}/PaymentRequest`, `${S}/PaymentRequest/properties/payment_reference`],
    ],
  },
  {
    name: 'maxLength tightened in a request',
    new: (d) => {
      schema(d, 'ClientReferenceId').maxLength = 20;
    },
    expect: [['schema.max-length', 'breaking', `${S}/ClientReferenceId/maxLength`, `${S}/ClientReferenceId/maxLength`]],
  },
  {
    name: 'minLength raised in a request',
    new: (d) => {
      schema(d, 'PaymentRequest').properties.quote_id.minLength = 5;
    },
    expect: [
      [
        'schema.min-length',
        'breaking',
        `${S}/PaymentRequest/properties/quote_id/minLength`,
        `${S}/PaymentRequest/properties/quote_id/minLength`,
      ],
    ],
  },
  {
    name: 'a narrowed pattern in a request',
    new: (d) => {
      schema(d, 'PurposeOfTransaction').pattern = '^[A-Z]+$';
    },
    expect: [
      ['schema.pattern-changed', 'breaking', `${S}/PurposeOfTransaction/pattern`, `${S}/PurposeOfTransaction/pattern`],
    ],
  },
  {
    name: 'an enum imposed on a request value',
    new: (d) => {
      schema(d, 'PurposeOfTransaction').enum = ['PROPERTY_PURCHASE', 'BILL_PAYMENTS'];
    },
    expect: [['schema.enum-value-removed', 'breaking', `${S}/PurposeOfTransaction`, `${S}/PurposeOfTransaction/enum`]],
  },
  {
    name: 'an enum value removed from a request',
    old: (d) => {
      schema(d, 'PurposeOfTransaction').enum = ['PROPERTY_PURCHASE', 'BILL_PAYMENTS'];
    },
    new: (d) => {
      schema(d, 'PurposeOfTransaction').enum = ['PROPERTY_PURCHASE'];
    },
    expect: [
      ['schema.enum-value-removed', 'breaking', `${S}/PurposeOfTransaction/enum`, `${S}/PurposeOfTransaction/enum`],
    ],
  },
  {
    name: 'a type narrowed in a request is narrowed in a response too (breaking, additive)',
    new: (d) => {
      schema(d, 'Amount').properties.value.type = 'integer';
    },
    expect: [
      ['schema.type-changed', 'breaking', `${S}/Amount/properties/value/type`, `${S}/Amount/properties/value/type`],
      ['schema.type-changed', 'additive', `${S}/Amount/properties/value/type`, `${S}/Amount/properties/value/type`],
    ],
  },
  {
    name: 'a format added to a request value',
    new: (d) => {
      schema(d, 'PaymentRequest').properties.quote_id.format = 'uuid';
    },
    expect: [
      [
        'schema.format-changed',
        'breaking',
        `${S}/PaymentRequest/properties/quote_id`,
        `${S}/PaymentRequest/properties/quote_id/format`,
      ],
    ],
  },
  {
    name: 'extra properties refused in a request',
    new: (d) => {
      schema(d, 'PaymentRequest').additionalProperties = false;
    },
    expect: [
      ['schema.additional-properties', 'breaking', `${S}/PaymentRequest`, `${S}/PaymentRequest/additionalProperties`],
    ],
  },
  {
    name: 'a maximum added to an amount (request breaking, response additive)',
    new: (d) => {
      schema(d, 'Amount').properties.value.maximum = 1000000;
    },
    expect: [
      ['schema.maximum', 'breaking', `${S}/Amount/properties/value`, `${S}/Amount/properties/value/maximum`],
      ['schema.maximum', 'additive', `${S}/Amount/properties/value`, `${S}/Amount/properties/value/maximum`],
    ],
  },
  {
    name: 'a new conditional requirement in a request',
    new: (d) => {
      schema(d, 'PaymentRequest').then.required.push('payment_reference');
    },
    expect: [['schema.conditional-changed', 'breaking', `${S}/PaymentRequest/if`, `${S}/PaymentRequest/if`]],
  },
  {
    name: 'a changed default of a request value',
    new: (d) => {
      schema(d, 'PaymentRequest').properties.is_third_party_payment.default = true;
    },
    expect: [
      [
        'schema.default-changed',
        'warning',
        `${S}/PaymentRequest/properties/is_third_party_payment/default`,
        `${S}/PaymentRequest/properties/is_third_party_payment/default`,
      ],
    ],
  },
  {
    name: 'an optional query parameter made required',
    new: (d) => {
      op(d, '/v1/customers/{customer_id}/virtual-accounts', 'get').parameters[0].required = true;
    },
    expect: [['parameter.required', 'breaking', `${VA_GET}/parameters/0`, `${VA_GET}/parameters/0/required`]],
  },
  {
    name: 'a required query parameter added',
    new: (d) => {
      createPayment(d).parameters = [{ name: 'dry_run', in: 'query', required: true, schema: { type: 'boolean' } }];
    },
    expect: [['parameter.added', 'breaking', CREATE, `${CREATE}/parameters/0`]],
  },
  {
    name: 'an optional header parameter added',
    new: (d) => {
      createPayment(d).parameters = [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }];
    },
    expect: [['parameter.added', 'additive', CREATE, `${CREATE}/parameters/0`]],
  },
  {
    name: 'a query parameter removed',
    new: (d) => {
      op(d, '/v1/customers/{customer_id}/virtual-accounts', 'get').parameters = [];
    },
    expect: [['parameter.removed', 'breaking', `${VA_GET}/parameters/0`, VA_GET]],
  },
  {
    name: 'a path parameter renamed',
    new: (d) => {
      const item = d.paths['/v1/customers/{customer_id}/payments/{payment_id}'];
      delete d.paths['/v1/customers/{customer_id}/payments/{payment_id}'];
      item.parameters[1].name = 'id';
      d.paths['/v1/customers/{customer_id}/payments/{id}'] = item;
    },
    expect: [
      [
        'parameter.renamed',
        'breaking',
        `${VIEW}/parameters/1`,
        '/paths/~1v1~1customers~1{customer_id}~1payments~1{id}/parameters/1',
      ],
    ],
  },
  {
    name: 'a request body made required',
    old: (d) => {
      createPayment(d).requestBody.required = false;
    },
    expect: [['request-body.required', 'breaking', `${CREATE}/requestBody`, `${CREATE}/requestBody/required`]],
  },
  {
    name: "a request body's media type replaced",
    new: (d) => {
      const content = op(d, '/auth/oauth/v2/token', 'post').requestBody.content;
      content['application/json'] = content['application/x-www-form-urlencoded'];
      delete content['application/x-www-form-urlencoded'];
    },
    expect: [
      [
        'request-body.media-type-removed',
        'breaking',
        `${TOKEN}/requestBody/content/application~1x-www-form-urlencoded`,
        `${TOKEN}/requestBody/content`,
      ],
    ],
  },
  {
    name: 'an operation removed',
    new: (d) => {
      delete d.paths['/v1/customers/{customer_id}/payments'];
    },
    expect: [['operation.removed', 'breaking', '/paths/~1v1~1customers~1{customer_id}~1payments/get', undefined]],
  },
  {
    name: 'an operation added',
    new: (d) => {
      d.paths['/v3/customers/{customer_id}/payments'].get = {
        operationId: 'listPayments',
        responses: { '200': { description: 'ok' } },
      };
    },
    expect: [['operation.added', 'additive', undefined, '/paths/~1v3~1customers~1{customer_id}~1payments/get']],
  },
  {
    name: 'an operationId changed (the generated method is renamed)',
    new: (d) => {
      createPayment(d).operationId = 'createPaymentV3';
    },
    expect: [['operation.id-changed', 'breaking', `${CREATE}/operationId`, `${CREATE}/operationId`]],
  },
  {
    name: 'an operation deprecated',
    new: (d) => {
      createPayment(d).deprecated = true;
    },
    expect: [['operation.deprecated', 'warning', CREATE, `${CREATE}/deprecated`]],
  },
  {
    name: "the token endpoint's server moved",
    new: (d) => {
      d.paths['/auth/oauth/v2/token'].servers = [{ url: 'https://login.example.invalid' }];
    },
    expect: [
      [
        'server.removed',
        'breaking',
        '/paths/~1auth~1oauth~1v2~1token/post/servers',
        '/paths/~1auth~1oauth~1v2~1token/post/servers',
      ],
    ],
  },
  {
    name: "a security scheme's token URL changed",
    new: (d) => {
      d.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl = 'https://login.example.invalid/token';
    },
    expect: [
      [
        'security.scheme-changed',
        'breaking',
        '/components/securitySchemes/oauth2',
        '/components/securitySchemes/oauth2',
      ],
    ],
  },
  {
    name: "an operation's security scheme replaced",
    new: (d) => {
      createPayment(d).security = [{ apiKey: [] }];
    },
    expect: [['security.requirement-changed', 'breaking', `${CREATE}/security`, `${CREATE}/security`]],
  },
  // Responses: what the partner reads.
  {
    name: 'a response property removed',
    new: (d) => {
      const p = schema(d, 'Payment');
      delete p.properties.instruction_number;
      p.required = p.required.filter((x: string) => x !== 'instruction_number');
    },
    expect: [['schema.property-removed', 'breaking', `${S}/Payment/properties/instruction_number`, `${S}/Payment`]],
  },
  {
    name: 'a response property made optional',
    new: (d) => {
      const p = schema(d, 'Payment');
      p.required = p.required.filter((x: string) => x !== 'created_datetime');
    },
    expect: [
      [
        'schema.required-removed',
        'breaking',
        `${S}/Payment/properties/created_datetime`,
        `${S}/Payment/properties/created_datetime`,
      ],
    ],
  },
  {
    name: 'a response property made nullable',
    new: (d) => {
      schema(d, 'Payment').properties.instruction_number.type = ['string', 'null'];
    },
    expect: [
      [
        'schema.nullable',
        'breaking',
        `${S}/Payment/properties/instruction_number`,
        `${S}/Payment/properties/instruction_number`,
      ],
    ],
  },
  {
    name: 'a response type widened',
    new: (d) => {
      schema(d, 'Payment').properties.instruction_number.type = ['string', 'integer'];
    },
    expect: [
      [
        'schema.type-changed',
        'breaking',
        `${S}/Payment/properties/instruction_number/type`,
        `${S}/Payment/properties/instruction_number/type`,
      ],
    ],
  },
  {
    name: 'a response format changed',
    new: (d) => {
      schema(d, 'Payment').properties.created_datetime.format = 'date';
    },
    expect: [
      [
        'schema.format-changed',
        'warning',
        `${S}/Payment/properties/created_datetime/format`,
        `${S}/Payment/properties/created_datetime/format`,
      ],
    ],
  },
  {
    name: 'a response maxLength loosened',
    old: (d) => {
      schema(d, 'Payment').properties.instruction_number.maxLength = 16;
    },
    new: (d) => {
      schema(d, 'Payment').properties.instruction_number.maxLength = 64;
    },
    expect: [
      [
        'schema.max-length',
        'warning',
        `${S}/Payment/properties/instruction_number/maxLength`,
        `${S}/Payment/properties/instruction_number/maxLength`,
      ],
    ],
  },
  {
    name: 'a success status removed',
    new: (d) => {
      const r = createPayment(d).responses;
      r['201'] = r['2XX'];
      delete r['2XX'];
    },
    expect: [
      ['response.status-removed', 'breaking', `${CREATE}/responses/2XX`, `${CREATE}/responses`],
      ['response.status-added', 'warning', `${CREATE}/responses`, `${CREATE}/responses/201`],
    ],
  },
  {
    name: 'an error status added',
    new: (d) => {
      createPayment(d).responses['409'] = { $ref: '#/components/responses/BadRequest' };
    },
    expect: [['response.status-added', 'warning', `${CREATE}/responses`, `${CREATE}/responses/409`]],
  },
  {
    name: 'a response media type removed',
    new: (d) => {
      const c = op(d, '/auth/oauth/v2/token', 'post').responses['2XX'].content;
      c['application/vnd.token+json'] = c['application/json'];
      delete c['application/json'];
    },
    expect: [
      [
        'response.media-type-removed',
        'breaking',
        `${TOKEN}/responses/2XX/content/application~1json`,
        `${TOKEN}/responses/2XX`,
      ],
    ],
  },
  {
    name: 'a response header removed',
    old: (d) => {
      createPayment(d).responses['2XX'].headers = { Location: { schema: { type: 'string' } } };
    },
    expect: [
      ['response.header-removed', 'breaking', `${CREATE}/responses/2XX/headers/Location`, `${CREATE}/responses/2XX`],
    ],
  },
  {
    name: 'a response variant added (anyOf)',
    new: (d) => {
      schema(d, 'PaymentStatus').anyOf.push({ type: 'integer' });
    },
    expect: [['schema.variants-changed', 'breaking', `${S}/PaymentStatus/anyOf`, `${S}/PaymentStatus/anyOf`]],
  },
  // Webhooks: payloads read like responses, the answer written like a request.
  {
    name: 'a new payment status (webhook payload and response enum)',
    new: (d) => {
      schema(d, 'KnownPaymentStatus').enum.push('ON_HOLD');
    },
    expect: [['schema.enum-value-added', 'breaking', `${S}/KnownPaymentStatus/enum`, `${S}/KnownPaymentStatus/enum`]],
  },
  {
    name: 'a webhook payload property removed',
    new: (d) => {
      const e = schema(d, 'PaymentStatusEvent');
      delete e.properties.session_id;
    },
    expect: [
      [
        'schema.property-removed',
        'breaking',
        `${S}/PaymentStatusEvent/properties/session_id`,
        `${S}/PaymentStatusEvent`,
      ],
    ],
  },
  {
    name: 'a webhook payload property made optional',
    new: (d) => {
      const e = schema(d, 'PaymentStatusEvent');
      e.required = e.required.filter((x: string) => x !== 'event_timestamp');
    },
    expect: [
      [
        'schema.required-removed',
        'breaking',
        `${S}/PaymentStatusEvent/properties/event_timestamp`,
        `${S}/PaymentStatusEvent/properties/event_timestamp`,
      ],
    ],
  },
  {
    name: 'a webhook payload property added',
    new: (d) => {
      schema(d, 'PaymentStatusEvent').properties.reason = { type: 'string' };
    },
    expect: [
      ['schema.property-added', 'additive', `${S}/PaymentStatusEvent`, `${S}/PaymentStatusEvent/properties/reason`],
    ],
  },
  {
    name: 'a new required field in the answer to a webhook is additive (the partner writes it, nobody requires it)',
    new: (d) => {
      d.webhooks.paymentStatus.post.responses['200'].content = {
        'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      };
    },
    expect: [],
  },
  {
    name: 'a webhook removed',
    new: (d) => {
      delete d.webhooks.paymentStatus;
    },
    expect: [['webhook.removed', 'breaking', HOOK, undefined]],
  },
  {
    name: 'a webhook added',
    new: (d) => {
      d.webhooks.refundStatus = structuredClone(d.webhooks.paymentStatus);
      d.webhooks.refundStatus.post.operationId = 'refundStatusWebhook';
    },
    expect: [['webhook.added', 'warning', undefined, '/webhooks/refundStatus/post']],
  },
  // The state table.
  {
    name: 'a payment status added to the state table',
    new: (_d, t) => {
      t.statuses.push({ name: 'ON_HOLD', documented: true });
    },
    expect: [['states.status-added', 'breaking', '/statuses', `/statuses/9`]],
  },
  {
    name: 'a payment status removed from the state table',
    new: (_d, t) => {
      t.statuses = t.statuses.filter((s) => s.name !== 'BOUNCED_BACK');
    },
    expect: [['states.status-removed', 'warning', '/statuses/8', '/statuses']],
  },
  {
    name: 'a transition added',
    new: (_d, t) => {
      t.transitions.push({
        id: 'hold',
        from: 'RECEIVED_FUNDS',
        to: 'CANCELLED',
        trigger: 'compliance-hold',
        source: 'x',
      });
    },
    expect: [['states.transition-added', 'breaking', '/transitions', `/transitions/TRANSITIONS`]],
  },
  {
    name: 'a transition removed',
    new: (_d, t) => {
      t.transitions = t.transitions.filter((x) => x.id !== 'fx-completed');
    },
    expect: [['states.transition-removed', 'breaking', '/transitions/2', '/transitions']],
  },
  {
    name: "a transition's trigger changed",
    new: (_d, t) => {
      t.transitions[1]!.trigger = 'funds-settled';
    },
    expect: [['states.transition-changed', 'warning', '/transitions/1/trigger', '/transitions/1/trigger']],
  },
  {
    name: 'a new first status',
    new: (_d, t) => {
      t.initial.push({ status: 'RECEIVED_FUNDS', documented: true, source: 'x' });
    },
    expect: [['states.initial-changed', 'breaking', '/initial', '/initial/2']],
  },
  {
    name: 'a status made terminal',
    new: (_d, t) => {
      t.statuses.find((s) => s.name === 'PAYMENT_COMPLETED')!.terminal = true;
    },
    expect: [['states.terminal-changed', 'breaking', '/statuses/6', '/statuses/6']],
  },
  // The rules overlay (x-cbp-rules, applied to the document).
  {
    name: 'an overlay rule added to a request',
    new: (d) => {
      createPayment(d)['x-cbp-rules'].push({
        id: 'payment.reference-required',
        title: 'payment_reference is required for a conversion',
        state: 'stateless',
        keyword: 'required-when',
        in: 'body',
        params: {},
      });
    },
    expect: [['rules.added', 'breaking', CREATE, `${CREATE}/x-cbp-rules/RULES`]],
  },
  {
    name: 'an overlay rule removed',
    new: (d) => {
      createPayment(d)['x-cbp-rules'] = createPayment(d)['x-cbp-rules'].filter(
        (r: Doc) => r.id !== 'payment.client-reference-unique',
      );
    },
    expect: [['rules.removed', 'warning', `${CREATE}/x-cbp-rules/4`, CREATE]],
  },
  {
    name: "the decimal sum's params changed",
    new: (d) => {
      const r = createPayment(d)['x-cbp-rules'].find((x: Doc) => x.id === 'payment.recipient-sum');
      r.params = { ...r.params, itemAmount: '/amount/value' };
    },
    expect: [['rules.changed', 'breaking', `${CREATE}/x-cbp-rules/0/params`, `${CREATE}/x-cbp-rules/0/params`]],
  },
  {
    name: "a rule's answer status changed",
    new: (d) => {
      createPayment(d)['x-cbp-rules'][0].status = 422;
    },
    expect: [['rules.changed', 'warning', `${CREATE}/x-cbp-rules/0/status`, `${CREATE}/x-cbp-rules/0/status`]],
  },
];

/** Edits that change nothing a client or a receiver sees. */
const cosmetic: Array<{ name: string; edit: (d: Doc, t: StateTable) => void }> = [
  {
    name: 'descriptions, summaries, examples and extensions edited',
    edit: (d) => {
      const walk = (n: unknown): void => {
        if (Array.isArray(n)) {
          for (const x of n) walk(x);
          return;
        }
        if (typeof n !== 'object' || n === null) return;
        const o = n as Doc;
        for (const k of Object.keys(o)) {
          if (['description', 'summary', 'title'].includes(k) && typeof o[k] === 'string') o[k] = `${o[k]} (edited)`;
          else if (k === 'examples' || k === 'example' || k === 'x-assumption') delete o[k];
          else walk(o[k]);
        }
      };
      walk(d.paths);
      walk(d.components);
      walk(d.webhooks);
    },
  },
  {
    name: 'properties, required, enum values, paths and statuses reordered',
    edit: (d, t) => {
      const p = schema(d, 'PaymentRequest');
      p.properties = Object.fromEntries(Object.entries(p.properties).reverse());
      p.required = [...p.required].reverse();
      schema(d, 'KnownPaymentStatus').enum.reverse();
      d.paths = Object.fromEntries(Object.entries(d.paths).reverse());
      t.statuses = [...t.statuses].reverse();
      t.transitions = [...t.transitions].reverse();
    },
  },
  {
    name: 'a $ref replaced by the schema it points to (inline)',
    edit: (d) => {
      schema(d, 'PaymentRequest').properties.amount = structuredClone(schema(d, 'Amount'));
      createPayment(d).requestBody.content['application/json'].schema = structuredClone(schema(d, 'PaymentRequest'));
    },
  },
  {
    name: 'a component renamed (every $ref follows)',
    edit: (d) => {
      d.components.schemas.PaymentStatusValue = schema(d, 'KnownPaymentStatus');
      delete d.components.schemas.KnownPaymentStatus;
      schema(d, 'PaymentStatus').anyOf[0].$ref = '#/components/schemas/PaymentStatusValue';
    },
  },
  {
    name: 'an allOf split of the same schema',
    edit: (d) => {
      const p = schema(d, 'Payment');
      const { properties, required, ...rest } = p;
      d.components.schemas.Payment = {
        ...rest,
        allOf: [{ type: 'object', properties, required }],
      };
    },
  },
];

let base: ContractSide;
beforeAll(async () => {
  base = await loadContractSide('spec/openapi.yaml');
});

const sideOf = (edit?: (d: Doc, t: StateTable) => void): ContractSide => {
  const document = structuredClone(base.document) as Doc;
  const table = structuredClone(base.table!);
  edit?.(document, table);
  return { document, file: 'x', table };
};

describe('seeded changes: each reported once, with its severity and place', () => {
  it('holds at least 40 changes across requests, responses, webhooks, the state table and the overlay', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(40);
  });
  it.each(seeded.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    const result = diffSides(sideOf(s.old), sideOf(s.new));
    const got = result.changes.map((c) => [c.rule, c.severity, c.old, c.new]);
    const want = s.expect.map(([r, sev, o, n]) => [
      r,
      sev,
      o,
      n
        ?.replace('TRANSITIONS', String(base.table!.transitions.length))
        .replace(
          'RULES',
          String(base.document.paths && (createPayment(base.document as Doc)['x-cbp-rules'] as unknown[]).length),
        ),
    ]);
    expect(got).toEqual(want);
  });
});

describe('cosmetic pairs report nothing', () => {
  it.each(cosmetic.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(diffSides(sideOf(), sideOf(c.edit)).changes).toEqual([]);
  });
});
