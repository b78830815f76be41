/** The machine report: the result as it is (changes with rule, severity, pointers, subjects, used). */
import type { DiffResult } from '../types.js';

export function renderJson(result: DiffResult): string {
  return `${JSON.stringify({ tool: 'cbp diff', ...result }, null, 2)}\n`;
}
