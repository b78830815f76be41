/** The recorded webhooks of one payment (seed §Events: every payment event carries its payment_id). */
import type { RecordedWebhook, Recorder } from '../../engine/recorder.js';

export function webhooksFor(recorder: Recorder, paymentId: string): RecordedWebhook[] {
  return recorder.webhooks.filter((w) => (w.payload as { payment_id?: unknown } | null)?.payment_id === paymentId);
}
