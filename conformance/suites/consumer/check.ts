/** One consumer scenario: a check of the suite engine over the consumer context, registered in checks/index.ts. */
import type { Check, CheckResult } from '../../engine/check.js';
import type { ConsumerContext } from './context.js';

export type ConsumerCheck = Check<ConsumerContext>;

/** Deliveries and state reads judged, and the failures among them. */
export type ConsumerCheckResult = Pick<CheckResult, 'cases' | 'failures'>;
