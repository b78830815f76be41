import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const maxItems: DiffRule = {
  id: 'schema.max-items',
  title: 'maxItems lowered or added in a request: breaking; raised in a response: warning',
  on: 'schema',
  check: boundRule('maxItems', 'max'),
};
