/**
 * `--only` / `--skip`: by check id or tag; the operation filters and `--max-failures` below. An unknown name is a usage
 * error listing the valid ones, so a typo never runs an empty suite green.
 */
import { CbpError } from '../../lib/errors.js';
import type { Check, CheckResult } from './check.js';
import type { Failure } from './types.js';

type Selectable = Pick<Check<never>, 'id' | 'tags'>;

export function selectChecks<T extends Selectable>(
  all: readonly T[],
  only: readonly string[],
  skip: readonly string[],
): T[] {
  const ids = all.map((c) => c.id);
  const tags = [...new Set(all.flatMap((c) => c.tags))].sort();
  for (const [flag, names] of [
    ['--only', only],
    ['--skip', skip],
  ] as const) {
    const unknown = names.filter((n) => !ids.includes(n) && !tags.includes(n));
    if (unknown.length > 0) {
      throw new CbpError(
        'E_CHECK_UNKNOWN',
        `${flag}: unknown check ${unknown.map((u) => JSON.stringify(u)).join(', ')}`,
        {
          hint: `valid check ids: ${ids.join(', ')}; tags: ${tags.join(', ')}`,
        },
      );
    }
  }
  const matches = (c: T, names: readonly string[]) => names.includes(c.id) || c.tags.some((t) => names.includes(t));
  return all.filter((c) => (only.length === 0 || matches(c, only)) && !matches(c, skip));
}

/** `--include-operation` / `--exclude-operation` (operation ids) and `--include-tag` /
 * `--exclude-tag` (the document's operation tags), the filters Schemathesis users know. */
export interface OperationFilter {
  include?: readonly string[];
  exclude?: readonly string[];
  includeTags?: readonly string[];
  excludeTags?: readonly string[];
}

interface SelectableOperation {
  /** The identifier the runner reports (records' and failures' subject). */
  id: string;
  /** The operationId as written in the document, when it differs. */
  operationId?: string;
  tags: readonly string[];
}

/** The ids of the selected operations, or undefined when no filter is set. An unknown id or tag
 * is a usage error listing the valid ones (a typo never runs an empty suite green). */
export function selectOperations(
  all: readonly SelectableOperation[],
  filter: OperationFilter,
): Set<string> | undefined {
  const { include = [], exclude = [], includeTags = [], excludeTags = [] } = filter;
  if (include.length + exclude.length + includeTags.length + excludeTags.length === 0) return undefined;
  const names = (o: SelectableOperation) => [o.id, ...(o.operationId !== undefined ? [o.operationId] : [])];
  const ids = new Set(all.flatMap(names));
  const tags = new Set(all.flatMap((o) => o.tags));
  for (const [flag, values, known, kind] of [
    ['--include-operation', include, ids, 'operation ids'],
    ['--exclude-operation', exclude, ids, 'operation ids'],
    ['--include-tag', includeTags, tags, 'tags'],
    ['--exclude-tag', excludeTags, tags, 'tags'],
  ] as const) {
    const unknown = values.filter((v) => !known.has(v));
    if (unknown.length > 0) {
      throw new CbpError(
        'E_USAGE',
        `${flag}: unknown ${kind === 'tags' ? 'tag' : 'operation'} ${unknown.map((u) => JSON.stringify(u)).join(', ')}`,
        {
          hint: `valid ${kind}: ${[...known].sort().join(', ') || '(none in the document)'}`,
        },
      );
    }
  }
  const selected = all.filter(
    (o) =>
      (include.length === 0 || names(o).some((n) => include.includes(n))) &&
      (includeTags.length === 0 || o.tags.some((t) => includeTags.includes(t))) &&
      !names(o).some((n) => exclude.includes(n)) &&
      !o.tags.some((t) => excludeTags.includes(t)),
  );
  if (selected.length === 0)
    throw new CbpError('E_USAGE', 'the operation filters leave no operation to check', {
      hint: 'loosen --include-operation/--include-tag or --exclude-*',
    });
  return new Set(selected.map((o) => o.id));
}

export interface Limits {
  /** Every operation id of the document, and the selected ones (selectOperations). */
  operations?: { all: ReadonlySet<string>; selected: ReadonlySet<string> };
  /** Stop after this many failures (graded as the run grades them): the checks not yet run are skipped. */
  maxFailures?: number;
  /** Whether a failure is counted towards maxFailures (the run's grading: warnings do not count). */
  counts?: (failure: Failure) => boolean;
}

/**
 * The checks with the run's limits applied around them, so the engine's loop stays as it is:
 * findings and case records about an operation outside the selection are left out (a check left
 * with none is skipped), findings not about one operation (a flow's) are kept; once maxFailures
 * failures were reported, the remaining checks are skipped with the reason.
 */
export function withLimits<C>(checks: readonly Check<C>[], limits: Limits): Check<C>[] {
  const { operations, maxFailures } = limits;
  if (operations === undefined && maxFailures === undefined) return [...checks];
  let failed = 0;
  const outside = (subject: string | undefined): boolean =>
    subject !== undefined && operations?.all.has(subject) === true && !operations.selected.has(subject);
  return checks.map((check) => ({
    ...check,
    async run(ctx: C): Promise<CheckResult> {
      if (maxFailures !== undefined && failed >= maxFailures) {
        return {
          cases: 0,
          failures: [],
          skipped:
            `stopped early: ${failed} ${failed === 1 ? 'failure' : 'failures'} ` +
            `reached --max-failures ${maxFailures}`,
        };
      }
      let result = await check.run(ctx);
      if (operations !== undefined && result.skipped === undefined) {
        const records = result.records?.filter((r) => !outside(r.subject));
        const failures = result.failures.filter((f) => !outside(f.subject));
        const dropped = (result.records?.length ?? 0) - (records?.length ?? 0);
        const cases = Math.max(0, result.cases - dropped);
        result = { ...result, failures, cases, ...(records !== undefined ? { records } : {}) };
        if (result.cases === 0 && failures.length === 0 && (result.records?.length ?? 0) === 0 && dropped > 0) {
          result = {
            ...result,
            skipped:
              'no case about a selected operation ' +
              '(--include-operation/--exclude-operation/--include-tag/--exclude-tag)',
          };
        }
      }
      failed += result.failures.filter((f) => limits.counts?.(f) ?? f.severity !== 'warning').length;
      return result;
    },
  }));
}
