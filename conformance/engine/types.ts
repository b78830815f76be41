/**
 * The suite engine's contract, the same for every suite (the API suite, the consumer suite, a
 * captured event log): checks return findings, the engine emits events, reporters subscribe.
 * Nothing here knows the service under test; suites add their own data as report sections.
 */

export type Severity = 'error' | 'warning';

/**
 * Where an expectation comes from, and so how hard its violation counts (engine/provenance.ts):
 * a seed statement or generic HTTP (RFC 9110 and friends) is a failure; an assumption (`A-...`
 * ids of spec/) or what the seed calls "not shown", "usually", "may" is a warning, a failure
 * with --strict.
 */
export type Provenance =
  /** The seed states it: section, and the quoted words when they fit on a line. */
  | { kind: 'seed'; section: string; quote?: string }
  /** It rests on assumption ids. */
  | { kind: 'assumption'; ids: string[]; section?: string; quote?: string }
  /** The seed says the thing is "not shown", or only "usually" / "may". */
  | { kind: 'not-shown'; section: string; quote?: string; ids?: string[] }
  | { kind: 'http'; reference: string };

/** Evidence of one HTTP exchange; secrets are redacted before they get here. */
export interface ExchangeEvidence {
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  /** `truncatedAt`: the answer was longer than this many bytes; only those were read and kept. */
  response?: {
    status: number;
    headers: Record<string, string>;
    body?: unknown;
    durationMs?: number;
    truncatedAt?: number;
  };
  error?: string;
  /** Set when the answer says nothing about the contract (throttled, lost and not resent):
   * a failure built on this exchange becomes a case not judged, with this reason. */
  indeterminate?: string;
}

/** One finding of a check: a failure (`error`) or a warning. */
export interface Failure {
  checkId: string;
  /** Operation id, webhook name, or payment id the failure is about. */
  subject?: string;
  message: string;
  severity: Severity;
  /** Seed section or rule id broken, e.g. 'payment.recipient-sum' or 'States and transitions, row 6'. */
  rule?: string;
  /** Where the broken expectation comes from; the engine grades the severity from it. */
  provenance?: Provenance;
  /** Set by root-cause grouping: the rule and message of the earlier failure this one likely follows from. */
  likelyConsequenceOf?: string;
  evidence?: { exchanges?: ExchangeEvidence[]; events?: unknown[]; note?: string };
  /** A command that reproduces it, when there is one. */
  reproduce?: string;
  /** How many findings of the same cause this one stands for (warnings grouped by rule), when more than one. */
  count?: number;
}

/** `partial`: the check ran without failures, but some of its cases were skipped (records say which and why). */
export type CheckStatus = 'passed' | 'failed' | 'warning' | 'partial' | 'skipped';

/** One case a check ran or skipped, for reporters that list coverage per case. */
export interface CaseRecord {
  /** What was tried, e.g. "same-currency base: /amount/currency in lower case". */
  name?: string;
  /** Operation id, webhook name, payment id... */
  subject?: string;
  /** State-table transition id the case observed. */
  transition?: string;
  /** Rule, transition or scenario id the case exercises. */
  rule?: string;
  provenance?: Provenance;
  /**
   * `not-judged`, the one representation of a case not judged: it ran, but what the target showed
   * says nothing either way (HTTPS on a loopback target; an answer throttled, lost and not resent,
   * or cut; the run's deadline passed). Never a pass or a failure, and no `--require` makes it
   * one; it leaves its check's status alone, and every reporter lists it with `reason`.
   */
  verdict: CheckStatus | 'not-judged';
  /** Why a skipped case did not run (e.g. "needs deliverFunds(), which the passive driver does not have"). */
  reason?: string;
  /** What would make a skipped case run (e.g. "--driver PATH with deliverFunds()"). */
  enable?: string;
  /** How far a case that ran only part of the way got (e.g. "judged up to AWAITING_FUNDS"). */
  reached?: string;
}

export interface CheckOutcome {
  checkId: string;
  title: string;
  source: string;
  tags: string[];
  status: CheckStatus;
  failures: Failure[];
  /** How many individual cases the check evaluated (requests sent, events judged, ...). */
  cases: number;
  /** Per-case records, when the check gives them. */
  records?: CaseRecord[];
  skippedReason?: string;
  /** What would make a skipped check run. */
  skipEnable?: string;
  /** What the check could not cover, shown with the outcome. */
  note?: string;
  severity?: Severity;
  durationMs: number;
}

/** Suite-specific content a reporter shows after the checks (e.g. the payment state diagram). */
export interface ReportSection {
  id: string;
  title: string;
  /** Rendered by the Markdown reporter as is. */
  markdown: string;
  /** Machine-readable form, kept by the JSON reporter. */
  data?: unknown;
}

/** One line of the coverage every report ends with: what was exercised out of what exists. */
export interface CoverageLine {
  id: string;
  /** e.g. "rules exercised". */
  title: string;
  covered: string[];
  /** Everything that could be covered; absent for a plain tally (e.g. statuses seen). */
  total?: string[];
  /** Counts per covered item, when they say something (statuses seen ×n). */
  counts?: Record<string, number>;
}

export interface SuiteSummary {
  target: string;
  outcomes: CheckOutcome[];
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  /** Checks that ran with some cases skipped. */
  partial?: number;
  durationMs: number;
  sections?: ReportSection[];
  coverage?: CoverageLine[];
  /** Lines every report prints after the failures (e.g. where $CBP_TOKEN of the curl lines comes from). */
  notes?: string[];
  /** Set when the run's deadline passed: what it stopped (the notes say it in words). */
  deadline?: {
    seconds: number;
    /** Checks that never started: not judged. */
    notRun: string[];
    /** Checks still running at the deadline (plus a short grace): their cases are not judged. */
    cutShort: string[];
  };
}

export type RunnerEvent =
  | { type: 'suite-start'; target: string; checkIds: string[] }
  | { type: 'check-start'; checkId: string; title: string }
  /** What a running check is waiting for (one line per item; [] clears it). */
  | { type: 'check-progress'; checkId: string; lines: string[] }
  | { type: 'check-finish'; outcome: CheckOutcome }
  | { type: 'suite-finish'; summary: SuiteSummary };

/** Reporters subscribe to runner events (console, json, junit, markdown). */
export interface Reporter {
  name: string;
  handle(event: RunnerEvent): void | Promise<void>;
  /** Called once after suite-finish; writes files if any. */
  finish?(): void | Promise<void>;
}
