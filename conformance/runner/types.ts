/**
 * The conformance runner's contract: checks are small modules registered in one index
 * (conformance/checks/index.ts); the runner emits events; reporters subscribe. Shared by
 * `cbp conformance`, `cbp conformance events` and `cbp conformance consumer`.
 */

import type { Provenance } from '../verdicts/provenance.js';

export type Severity = 'error' | 'warning';

/** Evidence of one HTTP exchange; secrets are redacted before they get here. */
export interface ExchangeEvidence {
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  response?: { status: number; headers: Record<string, string>; body?: unknown; durationMs?: number };
  error?: string;
}

export interface Failure {
  checkId: string;
  /** Operation id, webhook name, or payment id the failure is about. */
  subject?: string;
  message: string;
  severity: Severity;
  /** Seed section or rule id broken, e.g. 'payment.recipient-sum' or 'States and transitions, row 6'. */
  rule?: string;
  evidence?: { exchanges?: ExchangeEvidence[]; events?: unknown[]; note?: string };
  /** A command that reproduces it, when there is one. */
  reproduce?: string;
  /** Where the expectation comes from; the runner grades the severity from it (conformance/verdicts/). */
  provenance?: Provenance;
  /** Set by root-cause grouping: the message of the earlier failure this one likely follows from. */
  likelyConsequenceOf?: string;
}

/** One case a check ran, for the report's case list and coverage. */
export interface CaseRecord {
  checkId: string;
  operation?: string;
  /** Overlay rule id, event rule id or `schema.<keyword>`. */
  rule?: string;
  /** State-table transition id. */
  transition?: string;
  /** What was tried, e.g. "same-currency base: /amount/currency in lower case". */
  name: string;
  provenance?: Provenance;
  verdict: 'passed' | 'failed' | 'warning';
}

/** What the suite exercised, against what spec/ defines. */
export interface Coverage {
  rules: { exercised: string[]; total: string[] };
  operations: { exercised: string[]; total: string[] };
  transitions: { observed: string[]; total: string[] };
  statuses: Record<string, number>;
}

export type CheckStatus = 'passed' | 'failed' | 'warning' | 'skipped';

export interface CheckOutcome {
  checkId: string;
  title: string;
  source: string;
  tags: string[];
  status: CheckStatus;
  failures: Failure[];
  /** How many individual cases the check evaluated (requests sent, events judged, ...). */
  cases: number;
  skippedReason?: string;
  /** What the check could not cover, shown with the outcome. */
  note?: string;
  severity?: Severity;
  durationMs: number;
  /** Every case run, with its verdict. */
  caseLog?: CaseRecord[];
}

export interface SuiteSummary {
  target: string;
  outcomes: CheckOutcome[];
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  durationMs: number;
  /** Observed payment status moves (from -> to), for the Markdown state diagram. */
  observedTransitions?: Array<{ from: string | null; to: string; count: number; id?: string }>;
  coverage?: Coverage;
  /** Lines every report prints after the failures (e.g. where $CBP_TOKEN of the curl lines comes from). */
  notes?: string[];
}

export type RunnerEvent =
  | { type: 'suite-start'; target: string; checkIds: string[] }
  | { type: 'check-start'; checkId: string; title: string }
  | { type: 'check-finish'; outcome: CheckOutcome }
  | { type: 'suite-finish'; summary: SuiteSummary };

/** Reporters subscribe to runner events (console, json, junit, markdown). */
export interface Reporter {
  name: string;
  handle(event: RunnerEvent): void | Promise<void>;
  /** Called once after suite-finish; writes files if any. */
  finish?(): void | Promise<void>;
}
