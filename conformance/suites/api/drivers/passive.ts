/**
 * The built-in `passive` driver: nothing is driven. Payments are created and whatever webhooks
 * the target sends by itself within the wait are judged; a flow that stops early is judged as
 * far as it went and the report says how far. Webhooks reach the runner only through
 * `webhooks.public_url`, subscribed by hand.
 */
import type { Driver } from '../driver.js';

export const passiveDriver: Driver = { name: 'passive', kind: 'passive' };
