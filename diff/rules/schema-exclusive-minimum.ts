import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const exclusiveMinimum: DiffRule = {
  id: 'schema.exclusive-minimum',
  title: 'exclusiveMinimum (numeric, 3.1) raised or added in a request: breaking; lowered in a response: warning',
  on: 'schema',
  check: boundRule('exclusiveMinimum', 'min'),
};
