/**
 * `cbp conformance events LOG.ndjson`: a log of webhook deliveries captured elsewhere (one
 * received event per line, in arrival order) judged offline by the same event-log judge as the
 * lifecycle check, into the same SuiteSummary the reporters render. A line is either the event
 * payload itself or an envelope `{ "payload": {...}, "signature_valid"?: boolean }`.
 */
import { CbpError } from '../../../lib/errors.js';
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import type { Check } from '../../engine/check.js';
import type { ReceivedEvent } from '../../engine/recorder.js';
import { runSuite } from '../../engine/run-suite.js';
import { notShown } from '../../engine/provenance.js';
import type { Failure, Reporter, SuiteSummary } from '../../engine/types.js';
import { causeRelations } from '../verdicts/cause-relations.js';
import { computeCoverage } from '../verdicts/coverage.js';
import { judgedPayload, judgeEvents } from './event-judge.js';
import { stateSection } from './state-diagram.js';

export const EVENTS_CHECK = {
  id: 'events',
  title: 'Captured webhook deliveries follow the state table',
  source: 'States and transitions; Events (consumer rules 1-4)',
};

export function parseEventLog(text: string, file: string): ReceivedEvent[] {
  const out: ReceivedEvent[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new CbpError('E_CONFIG', `line ${i + 1} is not JSON: ${(err as Error).message}`, {
        file,
        hint: 'one JSON object per line (NDJSON)',
      });
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new CbpError('E_CONFIG', `line ${i + 1} is not a JSON object`, {
        file,
        hint: 'one received event per line',
      });
    }
    const o = value as Record<string, unknown>;
    if (o.payload !== undefined && typeof o.payload === 'object') {
      out.push({
        payload: o.payload,
        signatureValid: typeof o.signature_valid === 'boolean' ? o.signature_valid : undefined,
      });
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

/** The one check of the events suite: the captured log against the state table and, when given, the payload validator.
 */
export function eventLogCheck(events: readonly ReceivedEvent[], options: EventLogOptions): Check<unknown> {
  return {
    ...EVENTS_CHECK,
    tags: ['webhooks'],
    async run() {
      const judged = judgeEvents(events, options.table, { strict: options.strict });
      const failures: Failure[] = judged.findings.map((f) => ({
        checkId: EVENTS_CHECK.id,
        subject: f.paymentId,
        message: f.message,
        severity: f.severity,
        rule: f.rule,
        provenance: f.provenance,
        evidence: { events: f.events },
        reproduce: options.file
          ? `cbp conformance events ${options.file}${options.strict ? ' --strict' : ''}`
          : undefined,
      }));
      const seen = new Set<string>();
      for (const e of events) {
        // The payload as the judge reads it (fields lifted from `data`, nulls dropped: the judge reports both).
        for (const v of options.validatePayload?.(judgedPayload(e.payload)) ?? []) {
          const message =
            `${(e.payload as { event_id?: string }).event_id ?? 'event'}: ` + `${v.pointer || '/'} ${v.message}`;
          if (seen.has(message)) continue;
          seen.add(message);
          // Offline there is no spec/ to grade a schema keyword by: the payload schema is not shown
          // (A-WEBHOOK-REQUIRED).
          const provenance = v.rule.startsWith('schema.')
            ? notShown('Events', 'Complete payload schema: not shown', ['A-WEBHOOK-REQUIRED'])
            : undefined;
          failures.push({
            checkId: EVENTS_CHECK.id,
            message,
            severity: 'error',
            rule: v.rule,
            ...(provenance ? { provenance } : {}),
            evidence: { events: [e.payload] },
          });
        }
      }
      return { cases: judged.cases, failures };
    },
  };
}

/** `cbp conformance events`: the events suite on the suite engine, with the state diagram of what the log shows. */
export function runEventLog(
  events: readonly ReceivedEvent[],
  options: EventLogOptions & { reporters?: readonly Reporter[] },
): Promise<SuiteSummary> {
  const judged = () => judgeEvents(events, options.table, { strict: options.strict });
  return runSuite([eventLogCheck(events, options)], undefined, {
    target: options.file ?? 'event log',
    reporters: options.reporters,
    strict: options.strict,
    causes: causeRelations,
    sections: () => [stateSection(options.table, judged().transitions)],
    coverage: () => {
      const j = judged();
      return computeCoverage({
        table: options.table,
        records: [],
        operationsAnswered: [],
        transitions: j.transitions,
        statuses: j.statuses,
      });
    },
  });
}
