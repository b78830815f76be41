/**
 * The one registry of plugins `cbp generate` and the Node API choose from: the generic core and
 * the kits. Adding a kit is a folder under kits/ and one entry here.
 */
import { corePlugins } from '../generator/plugins/index.js';
import type { Plugin } from '../generator/plugins/plugin.js';
import { paymentsPlugin } from '../kits/payments/plugin.js';

export const plugins: readonly Plugin[] = [...corePlugins, paymentsPlugin];
