/**
 * OpenAPI Overlay Specification 1.0.0: `actions` applied in order to the raw document, before
 * bundling and validation. Each action selects nodes with a JSONPath `target` (jsonpath-plus) and
 * either removes them (`remove: true`) or merges `update` into them (see merge.ts for the merge
 * rules and why they make re-application idempotent). Pure: the input document is not changed.
 */
import { JSONPath } from 'jsonpath-plus';
import { CbpError } from '../../lib/errors.js';
import { appendTo, isPlainObject, mergeInto } from './merge.js';

export type MissingTargetMode = 'error' | 'warn';

export interface ApplyOverlayOptions {
  /** Overlay file name, for errors and warnings. */
  file?: string;
  /** An action whose target matches nothing: fail (default) or only warn. */
  onMissingTarget?: MissingTargetMode;
}

export interface ApplyOverlayResult {
  document: unknown;
  warnings: string[];
}

interface Action {
  target: string;
  description?: string;
  update?: unknown;
  remove?: boolean;
}

interface Match {
  value: unknown;
  parent: unknown;
  parentProperty: string | number | null;
}

export function applyOverlay(doc: unknown, overlay: unknown, options: ApplyOverlayOptions = {}): ApplyOverlayResult {
  const file = options.file ?? 'overlay';
  const actions = checkOverlay(overlay, file);
  const root = { $: structuredClone(doc) };
  const warnings: string[] = [];
  actions.forEach((action, index) => {
    const matches = select(root.$, action.target, file, index);
    if (matches.length === 0) {
      const message = `action ${index} target ${action.target} matches nothing`;
      if (options.onMissingTarget === 'warn') warnings.push(`${file}#/actions/${index}/target: ${message}`);
      else
        throw new CbpError('E_OVERLAY_TARGET', message, {
          file,
          pointer: `/actions/${index}/target`,
          rule: 'Overlay 1.0: target',
          hint: 'fix the JSONPath, or make the OpenAPI document contain the node',
        });
      return;
    }
    if (action.remove === true) remove(matches, file, index);
    else if (action.update !== undefined) for (const m of matches) update(m, action.update, file, index);
  });
  return { document: root.$, warnings };
}

function select(json: unknown, target: string, file: string, index: number): Match[] {
  try {
    return JSONPath({ path: target, json: json as object, resultType: 'all', wrap: true, eval: 'safe' }) as Match[];
  } catch (err) {
    throw new CbpError('E_OVERLAY_INVALID', `action ${index} has an invalid JSONPath: ${(err as Error).message}`, {
      file,
      pointer: `/actions/${index}/target`,
      rule: 'Overlay 1.0: target',
    });
  }
}

function update(match: Match, value: unknown, file: string, index: number): void {
  if (Array.isArray(match.value)) appendTo(match.value, value);
  else if (isPlainObject(match.value) && isPlainObject(value)) mergeInto(match.value, value);
  else
    throw new CbpError(
      'E_OVERLAY_INVALID',
      `action ${index}: update needs an object target and an object value (or an array target)`,
      {
        file,
        pointer: `/actions/${index}/update`,
        rule: 'Overlay 1.0: update',
      },
    );
}

function remove(matches: Match[], file: string, index: number): void {
  // Remove array elements from the highest index down so earlier indexes stay valid.
  const ordered = [...matches].sort((a, b) => Number(b.parentProperty) - Number(a.parentProperty));
  for (const m of ordered) {
    if (m.parent === null || m.parent === undefined || m.parentProperty === null) {
      throw new CbpError('E_OVERLAY_INVALID', `action ${index} cannot remove the document root`, {
        file,
        pointer: `/actions/${index}/target`,
      });
    }
    if (Array.isArray(m.parent)) m.parent.splice(Number(m.parentProperty), 1);
    else delete (m.parent as Record<string, unknown>)[m.parentProperty];
  }
}

function checkOverlay(overlay: unknown, file: string): Action[] {
  const fail = (message: string, pointer: string): never => {
    throw new CbpError('E_OVERLAY_INVALID', message, { file, pointer, rule: 'Overlay 1.0' });
  };
  if (!isPlainObject(overlay)) return fail('an overlay must be an object', '');
  if (typeof overlay.overlay !== 'string' || !/^1\.0\.\d+$/.test(overlay.overlay)) {
    fail('unsupported overlay version (expected `overlay: 1.0.0`)', '/overlay');
  }
  if (
    !isPlainObject(overlay.info) ||
    typeof overlay.info.title !== 'string' ||
    typeof overlay.info.version !== 'string'
  ) {
    fail('`info` needs a `title` and a `version` (strings)', '/info');
  }
  if (!Array.isArray(overlay.actions) || overlay.actions.length === 0)
    fail('`actions` must be a non-empty list', '/actions');
  (overlay.actions as unknown[]).forEach((action, i) => {
    if (!isPlainObject(action)) {
      fail(`action ${i} must be an object`, `/actions/${i}`);
      return;
    }
    if (typeof action.target !== 'string' || action.target === '')
      fail(`action ${i} needs a JSONPath \`target\``, `/actions/${i}/target`);
    if (action.remove !== undefined && typeof action.remove !== 'boolean')
      fail(`action ${i}: \`remove\` must be a boolean`, `/actions/${i}/remove`);
    if (action.update === undefined && action.remove !== true)
      fail(`action ${i} needs \`update\` or \`remove: true\``, `/actions/${i}`);
  });
  return overlay.actions as Action[];
}
