import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const exclusiveMaximum: DiffRule = {
  id: 'schema.exclusive-maximum',
  title: 'exclusiveMaximum (numeric, 3.1) lowered or added in a request: breaking; raised in a response: warning',
  on: 'schema',
  check: boundRule('exclusiveMaximum', 'max'),
};
