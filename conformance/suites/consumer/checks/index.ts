/** The consumer scenarios, by id, in the order they run. */
import type { ConsumerCheck } from '../check.js';
import { concurrentInstancesCheck } from './concurrent-instances.js';
import { duplicatesCheck } from './duplicates.js';
import { singleRecipientCheck, threeRecipientsCheck } from './flow-checks.js';
import { outOfOrderCheck } from './out-of-order.js';
import { badSignatureCheck, staleTimestampCheck } from './refusals.js';
import { unknownPaymentCheck } from './unknown-payment.js';
import { unlistedStatusCheck } from './unlisted-status.js';

export const consumerChecks: ConsumerCheck[] = [
  singleRecipientCheck,
  threeRecipientsCheck,
  duplicatesCheck,
  outOfOrderCheck,
  concurrentInstancesCheck,
  unknownPaymentCheck,
  unlistedStatusCheck,
  badSignatureCheck,
  staleTimestampCheck,
];
