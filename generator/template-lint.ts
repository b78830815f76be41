/**
 * Finds mustaches in a template whose output is not made safe by a helper: with noEscape on,
 * a bare `{{value}}` would paste document text into TypeScript as code. Block helpers
 * (`{{#each}}`), comments and partials are layout; `{{@index}}` and friends are numbers.
 */
import Handlebars from 'handlebars';
import { SAFE_HELPERS } from './templates.js';

const STRUCTURAL = new Set(['@index', '@first', '@last']);

export interface UnsafeMustache {
  text: string;
  line: number;
}

export function findUnsafeMustaches(
  source: string,
  safeHelpers: Iterable<string> = Object.keys(SAFE_HELPERS),
): UnsafeMustache[] {
  const safe = new Set(safeHelpers);
  const found: UnsafeMustache[] = [];
  const ast = Handlebars.parse(source);
  class Scanner extends Handlebars.Visitor {
    override MustacheStatement(node: hbs.AST.MustacheStatement): void {
      const head = node.path.type === 'PathExpression' ? (node.path as hbs.AST.PathExpression).original : '';
      const isHelperCall = safe.has(head);
      if (!isHelperCall && !STRUCTURAL.has(head)) {
        const lines = source.split('\n');
        const text = lines[node.loc.start.line - 1]?.slice(node.loc.start.column, node.loc.end.column) ?? head;
        found.push({ text, line: node.loc.start.line });
      }
    }
  }
  new Scanner().accept(ast);
  return found;
}
