/**
 * violate() for the stateful rule keywords whose runtime module does not (yet) provide one
 * (the generated runtime's stateful rules). Used only when the module has none, so the rule's own
 * violate() always wins. Each knows the service state only through the base request: the
 * runner built it valid for this target, so e.g. a base that carries a quote needs one.
 */
import { without } from '../../../generator/keywords/mutate.js';
import { getAt, setAt } from '../../engine/json-pointer.js';
import type { StatefulViolation } from './generated-runtime.js';

type Fallback = (validBody: unknown, params: Record<string, unknown>) => StatefulViolation[];

export const fallbackViolations: Readonly<Record<string, Fallback>> = {
  // Create payment (v3) rule 1: quote_id is required when a conversion is needed, omitted otherwise.
  'quote-required': (body, params) => {
    const at = String(params.quote);
    return getAt(body, at) !== undefined
      ? [{ body: without(body, at), pointer: at, description: 'quote_id left out of a conversion payment' }]
      : [{ body: setAt(body, at, 'cbp-unneeded-quote'), pointer: at, description: 'quote_id sent for a same-currency payment' }];
  },
  // confirm-recipient-after-failure: its violation (omitting confirm_recipient after a failed
  // CoP/VoP check) needs the sandbox's fail-name-check first; not generated from a body alone.
};
