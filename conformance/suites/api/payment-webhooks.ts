/**
 * The recorded webhooks of one payment (seed §Events: every payment event carries its payment_id,
 * found at the top level or, with a warning from the judge, under `data`).
 */
import type { RecordedWebhook, Recorder } from '../../engine/recorder.js';
import { liftFields } from '../events/event-judge.js';

export function webhooksFor(recorder: Recorder, paymentId: string): RecordedWebhook[] {
  return recorder.webhooks.filter((w) => {
    const p = w.payload;
    return (
      p !== null &&
      typeof p === 'object' &&
      !Array.isArray(p) &&
      liftFields(p as Record<string, unknown>).event.payment_id === paymentId
    );
  });
}
