import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const minimum: DiffRule = {
  id: 'schema.minimum',
  title: 'minimum raised or added in a request: breaking; lowered or removed in a response: warning',
  on: 'schema',
  check: boundRule('minimum', 'min'),
};
