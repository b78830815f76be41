import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const maxLength: DiffRule = {
  id: 'schema.max-length',
  title: 'maxLength lowered or added in a request: breaking; raised or removed in a response: warning',
  on: 'schema',
  check: boundRule('maxLength', 'max'),
};
