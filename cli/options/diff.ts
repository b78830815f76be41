/** `cbp diff`'s, `cbp behaviour-diff`'s and `cbp rules`' options, each declared once (lib/options.ts). */
import type { ArgvOf, OptionTable } from '../../lib/options.js';

export const DIFF_FORMATS = ['console', 'json', 'markdown', 'junit'] as const;
export const FAIL_ON = ['breaking', 'warning', 'none'] as const;

export const diffOptions = {
  old: {
    type: 'string',
    positional: true,
    describe: 'the contract you build on: a file, an http(s) URL or git:<ref>:<path>',
  },
  new: { type: 'string', positional: true, describe: 'the new version, same forms' },
  overlay: {
    type: 'string',
    array: true,
    describe: 'Overlay 1.0 file(s) for both sides (default: rules.overlay.yaml beside each document)',
  },
  'old-overlay': { type: 'string', array: true, describe: 'overlay(s) of the old side only' },
  'new-overlay': { type: 'string', array: true, describe: 'overlay(s) of the new side only' },
  'state-table': {
    type: 'string',
    describe: 'state table for both sides (default: payment-states.yaml beside each document)',
  },
  'old-state-table': { type: 'string', describe: 'state table of the old side only' },
  'new-state-table': { type: 'string', describe: 'state table of the new side only' },
  usage: {
    type: 'string',
    array: true,
    describe:
      'your code (a directory): changes to operations and webhooks it does not use are listed apart ' +
      'and do not fail the run',
  },
  'usage-har': { type: 'string', array: true, describe: 'a HAR of your traffic, read like --usage' },
  format: { type: 'string', choices: DIFF_FORMATS, default: 'console', describe: 'standard output format' },
  report: {
    type: 'string',
    array: true,
    describe: `also write KIND=PATH (${DIFF_FORMATS.join(', ')}); repeatable`,
  },
  'fail-on': {
    type: 'string',
    choices: FAIL_ON,
    default: 'breaking',
    describe: 'exit 1 when a change this severe (or worse) reaches you',
  },
  additive: { type: 'boolean', default: false, describe: 'list additive changes on the console too' },
  behaviour: {
    type: 'string',
    describe:
      'compare recorded behaviour instead of documents: a cassette of `cbp record`, with [old] as the other ' +
      'cassette (default: the embedded sandbox recorded now); each difference names the assumption that allows it',
  },
  'allow-ref-origin': {
    type: 'string',
    array: true,
    describe: 'an http(s) origin the documents’ $refs may also reach (as for generate)',
  },
} as const satisfies OptionTable<void>;

/** Choices widened to strings: diffConfigFromArgv names the choices in its own error. */
export type DiffArgv = Omit<ArgvOf<typeof diffOptions>, 'format' | 'failOn'> & { format?: string; failOn?: string };

export const behaviourDiffOptions = {
  cassette: { type: 'string', positional: true, describe: 'Cassette of the provider (cbp record --out)' },
  other: {
    type: 'string',
    positional: true,
    describe: 'Cassette to compare with (default: record the embedded sandbox now)',
  },
  json: { type: 'boolean', describe: 'Print the differences as JSON' },
} as const satisfies OptionTable<void>;

export const rulesOptions = {
  id: { type: 'string', positional: true, describe: 'A rule or assumption id, as a report prints it' },
  json: { type: 'boolean', default: false, describe: 'print the list (or the rule) as JSON' },
} as const satisfies OptionTable<void>;
