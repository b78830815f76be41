/** Small helpers shared by the checks. */
import { exchangeFailure } from '../context.js';
import type { SendResult } from '../../../engine/http.js';
import type { Failure, Severity } from '../../../engine/types.js';

export const is2xx = (status: number) => status >= 200 && status < 300;
export const is4xx = (status: number) => status >= 400 && status < 500;

export function describeAnswer(res: SendResult): string {
  return res.error ? `no answer (${res.error})` : `HTTP ${res.status}`;
}

export function fail(
  checkId: string,
  res: SendResult,
  message: string,
  rule: string,
  severity: Severity = 'error',
  subject?: string,
): Failure {
  return exchangeFailure(checkId, res.exchange, message, { rule, severity, subject });
}
