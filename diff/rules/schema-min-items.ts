import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const minItems: DiffRule = {
  id: 'schema.min-items',
  title: 'minItems raised or added in a request: breaking; lowered in a response: warning',
  on: 'schema',
  check: boundRule('minItems', 'min'),
};
