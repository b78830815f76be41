/**
 * Every conformance check, registered in ONE place, one check per module, so adding a check is adding a file. Order is
 * run order: checks that move the sandbox clock come last; the spec checks judge every exchange
 * afterwards (phase 'after').
 */
import type { ConformanceCheck } from '../context.js';
import { authCheck } from './auth.js';
import { firmStatementsCheck } from './firm-statements/index.js';
import { lifecycleCheck } from './lifecycle.js';
import { negativeCheck } from './negative.js';
import { positiveCheck } from './positive.js';
import { recipientCheckCheck } from './recipient-check.js';
import { sessionsCheck } from './sessions.js';
import { specContentTypeCheck } from './spec-content-type.js';
import { specSchemaCheck } from './spec-schema.js';
import { specStatusCheck } from './spec-status.js';
import { uniquenessCheck } from './uniqueness.js';

export const checks: readonly ConformanceCheck[] = [
  positiveCheck,
  negativeCheck,
  uniquenessCheck,
  recipientCheckCheck,
  lifecycleCheck,
  sessionsCheck,
  firmStatementsCheck,
  authCheck,
  specStatusCheck,
  specSchemaCheck,
  specContentTypeCheck,
];
