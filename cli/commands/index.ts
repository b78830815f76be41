/** The single list of `cbp` commands. Colleagues add theirs here (one import, one entry). */
import type { CbpCommand } from '../command.js';
import { conformanceCommand } from './conformance.js';
import { diffCommand } from './diff.js';
import { generateCommand } from './generate.js';
import { mockCommand } from './mock.js';
import { rulesCommand } from './rules.js';
import { recordCommand } from './record.js';
import { behaviourDiffCommand } from './behaviour-diff.js';

export const commands: CbpCommand[] = [
  generateCommand,
  mockCommand,
  conformanceCommand,
  rulesCommand,
  recordCommand,
  behaviourDiffCommand,
  diffCommand,
];
