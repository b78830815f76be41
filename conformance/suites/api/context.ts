/**
 * What a check gets: the target (HTTP with tokens, its driver and optional sandbox control), the model and state
 * table it is judged against, the recorder of everything sent and received, and helpers that
 * turn an exchange into a failure with evidence and a "reproduce with" command.
 */
import type { ApiModel } from '../../../generator/ir/model.js';
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import type { ConformanceConfig } from './config.js';
import type { TargetFile, TargetFixtures } from './config-file.js';
import type { Http } from '../../engine/http.js';
import type { RecordedExchange, Recorder } from '../../engine/recorder.js';
import type { WebhookReceiver } from '../../engine/receiver.js';
import { curlFor } from '../../engine/reproduce.js';
import type { Check } from '../../engine/check.js';
import type { Driver, SandboxControl } from './driver.js';
import type { TargetCredentials } from './target.js';
import type { Tokens } from './tokens.js';
import type { Failure, Severity } from '../../engine/types.js';
import type { SuiteValidators } from './validators.js';
import type { SpecProvenance } from '../verdicts/spec-provenance.js';

/** A check of the API suite. */
export type ConformanceCheck = Check<RunContext>;

/**
 * Built before a check runs and never changed while it runs (every member is readonly): what
 * differs per check (its progress line) is a new context from the run loop (run-conformance.ts).
 */
export interface RunContext {
  readonly config: ConformanceConfig;
  /** The target's credentials (the CLI supplies the sandbox's own for the embedded sandbox). */
  readonly credentials: TargetCredentials;
  readonly http: Http;
  readonly tokens: Tokens;
  readonly recorder: Recorder;
  readonly model: ApiModel;
  readonly table: StateTable;
  readonly validators: SuiteValidators;
  /** The primary client's customers, recipients, quotes and third parties. */
  readonly fixtures: TargetFixtures;
  /** The second client's customers (cross-tenant case), when a second credential is given. */
  readonly secondClient?: TargetFile['second_client'];
  /** How payments are moved forward on the target (`passive` when nothing is driven). */
  readonly driver: Driver;
  /** The target is this package's sandbox (it answers /_sandbox/): its documented stand-in
   * payloads may be used where the seed shows none (live/payloads.ts). */
  readonly ownSandbox: boolean;
  /** Shows what a running check waits for (a terminal's progress line). */
  readonly progress: (lines: string[]) => void;
  /** The sandbox-only levers (clock, raw control calls): the built-in sandbox driver's `control`. */
  readonly sandbox?: SandboxControl;
  readonly receiver?: WebhookReceiver;
  /** A fresh reference (client_reference_id etc.): alphanumeric with hyphens, ≤ 36 characters. */
  readonly unique: (prefix: string) => string;
  /** A quote usable for a conversion `sell → buy` for this customer (fresh from the sandbox when possible). */
  readonly quoteFor: (customerId: string, sell: string, buy: string) => Promise<string | undefined>;
  /** Where each expectation comes from (spec/ x-assumption, then conformance/suites/verdicts/assumption-map.ts). */
  readonly provenance: SpecProvenance;
}

/** A failure about one recorded exchange, with the evidence and a curl command to replay it. */
export function exchangeFailure(
  checkId: string,
  x: RecordedExchange,
  message: string,
  opts: { rule?: string; severity?: Severity; subject?: string; note?: string } = {},
): Failure {
  return {
    checkId,
    subject: opts.subject ?? x.operationId,
    message,
    severity: opts.severity ?? 'error',
    rule: opts.rule,
    evidence: { exchanges: [x], note: opts.note },
    reproduce: curlFor(x),
  };
}
