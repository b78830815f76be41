import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const minLength: DiffRule = {
  id: 'schema.min-length',
  title: 'minLength raised or added in a request: breaking; lowered in a response: warning',
  on: 'schema',
  check: boundRule('minLength', 'min'),
};
