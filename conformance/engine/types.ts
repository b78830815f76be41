/**
 * The suite engine's contract, the same for every suite (the API suite, the consumer suite, a
 * captured event log): checks return findings, the engine emits events, reporters subscribe.
 * Nothing here knows the service under test; suites add their own data as report sections.
 */

export type Severity = 'error' | 'warning';

/**
 * Where an expectation comes from. A seed statement is a firm requirement; an assumption
 * (`A-...` in spec/) or something the seed does not show is softer; `http` is generic protocol
 * behaviour (RFC 9110 and friends). Checks may leave it out while grading is per check.
 */
export type Provenance =
  | { kind: 'seed'; section: string; quote?: string }
  | { kind: 'assumption'; id: string }
  | { kind: 'not-shown'; what: string }
  | { kind: 'http'; ref?: string };

/** Evidence of one HTTP exchange; secrets are redacted before they get here. */
export interface ExchangeEvidence {
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  response?: { status: number; headers: Record<string, string>; body?: unknown; durationMs?: number };
  error?: string;
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
  /** Where the broken expectation comes from, when the check knows it. */
  provenance?: Provenance;
  evidence?: { exchanges?: ExchangeEvidence[]; events?: unknown[]; note?: string };
  /** A command that reproduces it, when there is one. */
  reproduce?: string;
}

export type CheckStatus = 'passed' | 'failed' | 'warning' | 'skipped';

/** One case a check ran or skipped, for reporters that list coverage per case. */
export interface CaseRecord {
  /** Operation id, webhook name, payment id... */
  subject?: string;
  /** Rule, transition or scenario id the case exercises. */
  rule?: string;
  provenance?: Provenance;
  verdict: CheckStatus;
  /** Why a skipped case did not run, and what would enable it. */
  reason?: string;
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

export interface SuiteSummary {
  target: string;
  outcomes: CheckOutcome[];
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  durationMs: number;
  sections?: ReportSection[];
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
