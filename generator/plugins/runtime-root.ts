import path from 'node:path';
import type { RuntimeSource } from './plugin.js';
import { packageInfo, templatesDir } from '../package-info.js';

/** templates/runtime/: the generic runtime the core plugins copy from. */
export const coreRuntimeRoot = (): string => path.join(templatesDir(), 'runtime');

/** The bare module prefix that serves templates/runtime/ compiled: package.json maps
 * `./runtime/*.js` to dist/templates/runtime/. */
export const coreRuntimeModule = (): string => `${packageInfo().name}/runtime`;

/** Files or folders of templates/runtime/ (see RuntimeSource), served by the package too. */
export const coreRuntime = (paths: readonly string[], options: { prune?: boolean } = {}): RuntimeSource => ({
  root: coreRuntimeRoot(),
  packaged: coreRuntimeModule(),
  paths,
  ...options,
});
