import path from 'node:path';
import { templatesDir } from '../package-info.js';

/** templates/runtime/: the generic runtime the core plugins copy from. */
export const coreRuntimeRoot = (): string => path.join(templatesDir(), 'runtime');
