/**
 * What a call does beyond sending, when the client asks for it (create-client.ts): tracing
 * (`telemetry`, telemetry/client-spans.ts) and the judging of answers (`validateResponses`,
 * response-check.ts). This module loads with the first call of a client that asks for either, so
 * that the page's first chunk only knows whether one is on; each part then loads its own modules:
 * the tracer's with the first call, the judge and the generated checks with the first judged answer.
 */
import type { SchemeDescriptor } from '../auth/schemes.js';
import type { CallObservation, CallObserver, CallStart } from './call-observer.js';
import type { ClientBaseOptions } from './create-client.js';
import type { Secrets } from './logger.js';
import type { ResponseChecks, ResponseGuard } from './response-check.js';

export interface CallExtensions {
  /** Runs one call: inside its observation (a CLIENT span) when tracing, else as it is. */
  observe<T>(
    op: CallStart | undefined,
    method: string,
    run: (observation: CallObservation | undefined) => Promise<T>,
  ): Promise<T>;
  /** Judges a generated method's answer when validateResponses is on (ResponseGuard.checkCall:
   * the mode per operation and the sampling decide); `throw` and `both` reject here. */
  checkCall(...args: Parameters<ResponseGuard['checkCall']>): Promise<void>;
}

export async function callExtensions(
  options: ClientBaseOptions,
  schemes: Readonly<Record<string, SchemeDescriptor>>,
  secrets: Secrets,
  loadResponseChecks: (() => Promise<ResponseChecks>) | undefined,
): Promise<CallExtensions> {
  const { telemetry, validateResponses } = options;
  const observer: CallObserver | undefined = telemetry
    ? await (await import('../telemetry/client-spans.js')).clientSpans(telemetry, schemes, secrets)
    : undefined;
  // Should the judge's chunk fail to load (a page gone offline), that answer goes unjudged and
  // the next one tries again.
  let guarding: Promise<ResponseGuard | undefined> | undefined;
  const guard = () =>
    (guarding ??= Promise.all([import('./response-check.js'), loadResponseChecks?.()]).then(
      ([m, checks]) => m.createResponseGuard(checks, options),
      () => (guarding = undefined),
    ));
  return {
    observe: (op, method, run) => (observer ? observer.observe(op, method, run) : run(undefined)),
    async checkCall(op, given, result, observation) {
      if (validateResponses && validateResponses !== 'off') (await guard())?.checkCall(op, given, result, observation);
    },
  };
}
