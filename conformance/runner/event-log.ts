/**
 * `cbp conformance events LOG.ndjson`: a log of webhook deliveries captured elsewhere (one
 * received event per line, in arrival order) judged offline by the same event-log judge as the
 * lifecycle check, into the same SuiteSummary the reporters render. A line is either the event
 * payload itself or an envelope `{ "payload": {...}, "signature_valid"?: boolean }`.
 */
import { CbpError } from '../../lib/errors.js';
import type { StateTable } from '../../generator/ir/model.js';
import { computeCoverage } from '../verdicts/coverage.js';
import { gradeFailure } from '../verdicts/grade.js';
import { notShown } from '../verdicts/provenance.js';
import { groupRootCauses } from '../verdicts/root-causes.js';
import { judgeEvents, liftFields, type ReceivedEvent } from './event-judge.js';
import type { CheckOutcome, Failure, SuiteSummary } from './types.js';

export const EVENTS_CHECK = { id: 'events', title: 'Captured webhook deliveries follow the state table', source: 'States and transitions; Events (consumer rules 1-4)' };

export function parseEventLog(text: string, file: string): ReceivedEvent[] {
  const out: ReceivedEvent[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new CbpError('E_CONFIG', `line ${i + 1} is not JSON: ${(err as Error).message}`, { file, hint: 'one JSON object per line (NDJSON)' });
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new CbpError('E_CONFIG', `line ${i + 1} is not a JSON object`, { file, hint: 'one received event per line' });
    }
    const o = value as Record<string, unknown>;
    if (o.payload !== undefined && typeof o.payload === 'object') {
      out.push({ payload: o.payload, signatureValid: typeof o.signature_valid === 'boolean' ? o.signature_valid : undefined });
    } else out.push({ payload: o });
  });
  return out;
}

export interface EventLogOptions {
  table: StateTable;
  strict?: boolean;
  /** Schema and rule check of each payload (the generated validateWebhook), when given. */
  validatePayload?: (payload: unknown) => Array<{ rule: string; pointer: string; message: string; source: string }>;
  file?: string;
}

export function judgeEventLog(events: readonly ReceivedEvent[], options: EventLogOptions): SuiteSummary {
  const started = Date.now();
  const judged = judgeEvents(events, options.table, { strict: options.strict });
  const failures: Failure[] = judged.findings.map((f) => ({
    checkId: EVENTS_CHECK.id,
    subject: f.paymentId,
    message: f.message,
    severity: f.severity,
    rule: f.rule,
    provenance: f.provenance,
    evidence: { events: f.events },
    reproduce: options.file ? `cbp conformance events ${options.file}${options.strict ? ' --strict' : ''}` : undefined,
  }));
  const seen = new Set<string>();
  for (const e of events) {
    for (const v of options.validatePayload?.(judgedForm(e.payload)) ?? []) {
      const message = `${(e.payload as { event_id?: string }).event_id ?? 'event'}: ${v.pointer || '/'} ${v.message}`;
      if (seen.has(message)) continue;
      seen.add(message);
      // Offline there is no spec/ to grade a schema keyword by: the payload schema is not shown (A-WEBHOOK-REQUIRED).
      const provenance = v.rule.startsWith('schema.') ? notShown('Events', 'Complete payload schema: not shown', ['A-WEBHOOK-REQUIRED']) : undefined;
      failures.push(
        gradeFailure(
          { checkId: EVENTS_CHECK.id, message, severity: 'error', rule: v.rule, ...(provenance ? { provenance } : {}), evidence: { events: [e.payload] } },
          options.strict === true,
        ),
      );
    }
  }
  const errors = failures.some((f) => f.severity === 'error');
  const status = errors ? 'failed' : failures.length > 0 ? 'warning' : 'passed';
  const durationMs = Date.now() - started;
  const outcome: CheckOutcome = {
    checkId: EVENTS_CHECK.id,
    title: EVENTS_CHECK.title,
    source: EVENTS_CHECK.source,
    tags: ['webhooks'],
    status,
    failures,
    cases: judged.cases,
    durationMs,
  };
  return {
    target: options.file ?? 'event log',
    outcomes: groupRootCauses([outcome]),
    coverage: computeCoverage({ table: options.table, cases: [], operationsAnswered: [], transitions: judged.transitions, statuses: judged.statuses }),
    passed: status === 'passed' ? 1 : 0,
    failed: status === 'failed' ? 1 : 0,
    warnings: status === 'warning' ? 1 : 0,
    skipped: 0,
    durationMs,
    observedTransitions: judged.transitions,
  };
}

/** The payload as the judge reads it: fields lifted from `data`, nulls dropped (the judge reports both). */
function judgedForm(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const rest = Object.fromEntries(Object.entries(payload as Record<string, unknown>).filter(([k, v]) => v !== null && k !== 'data'));
  return { ...rest, ...liftFields(payload as Record<string, unknown>).event };
}
