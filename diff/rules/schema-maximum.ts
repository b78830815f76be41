import type { DiffRule } from '../types.js';
import { boundRule } from './grade.js';

export const maximum: DiffRule = {
  id: 'schema.maximum',
  title: 'maximum lowered or added in a request: breaking; raised or removed in a response: warning',
  on: 'schema',
  check: boundRule('maximum', 'max'),
};
