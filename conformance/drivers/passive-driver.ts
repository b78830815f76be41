/**
 * The built-in `passive` driver: nothing is driven. Payments are created and whatever webhooks
 * the target sends by itself within the wait are judged; a flow that stops early is judged as
 * far as it went and the report says how far. Webhooks reach the runner only through
 * `webhooks.public_url`, subscribed by hand.
 */
import type { LoadedDriver } from './driver.js';

export function passiveDriver(): LoadedDriver {
  return { kind: 'passive', name: 'passive', driver: { name: 'passive' } };
}
