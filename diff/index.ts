/**
 * `cbp diff` as a library: what a new version of a contract (document, rules overlay, state
 * table) changes for a partner, a client of the API and a receiver of its webhooks. Each change
 * has a rule id, a severity and its place in both versions; with usage (the partner's code or
 * traffic) each says whether it reaches what the partner uses.
 */
import { compareContracts, type CompareOptions } from './compare.js';
import { operationsOf } from './document.js';
import { loadContractSide, type SideOptions } from './load.js';
import { harUsage } from './usage/har.js';
import { emptyUsage, mergeUsage, type Usage } from './usage/types.js';
import { SEVERITIES, type Change, type ContractSide, type DiffResult, type Severity, type Subject } from './types.js';

export interface UsageInput {
  /** Directories of the partner's code (TypeScript or JavaScript) that call the generated client. */
  projects?: readonly string[];
  /** HAR files of the partner's traffic (e.g. a conformance run's `--report har=`). */
  har?: readonly string[];
}

export interface DiffOptions extends CompareOptions {
  cwd?: string;
  old?: SideOptions;
  new?: SideOptions;
  usage?: UsageInput;
}

/** Loads both versions and diffs them. `oldSpec` / `newSpec`: a file, a URL or `git:<ref>:<path>`. */
export async function diffContracts(oldSpec: string, newSpec: string, options: DiffOptions = {}): Promise<DiffResult> {
  const cwd = options.cwd ?? process.cwd();
  const [a, b] = await Promise.all([
    loadContractSide(oldSpec, { cwd, ...options.old }),
    loadContractSide(newSpec, { cwd, ...options.new }),
  ]);
  const usage = options.usage ? await findUsage(options.usage, a, b, cwd) : undefined;
  return diffSides(a, b, { ...(options.rules ? { rules: options.rules } : {}), ...(usage ? { usage } : {}) });
}

/** Diffs two loaded versions (the tests' entry: no file is read). */
export function diffSides(
  oldSide: ContractSide,
  newSide: ContractSide,
  options: CompareOptions & { usage?: Usage } = {},
): DiffResult {
  const changes = compareContracts(oldSide, newSide, options);
  const usage = options.usage;
  if (usage) for (const c of changes) c.used = isUsed(c, usage);
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const c of changes) counts[c.severity]++;
  const side = (s: ContractSide) => ({ file: s.file, ...(s.tableFile ? { tableFile: s.tableFile } : {}) });
  return {
    old: side(oldSide),
    new: side(newSide),
    changes,
    counts,
    ...(usage
      ? {
          usage: {
            sources: usage.sources,
            operations: [...usage.operationIds, ...usage.operationKeys].sort(),
            webhooks: [...usage.webhooks].sort(),
            statuses: statusesHandled(usage, oldSide, newSide),
          },
        }
      : {}),
  };
}

/** What the partner's code and traffic use, matched against both versions' operations. The
 * TypeScript compiler loads only when code is to be read. */
export async function findUsage(
  input: UsageInput,
  oldSide: ContractSide,
  newSide: ContractSide,
  cwd: string,
): Promise<Usage> {
  const ops = [...operationsOf(oldSide.document).values(), ...operationsOf(newSide.document).values()];
  const operationIds = new Set(ops.flatMap((o) => (o.subject.id ? [o.subject.id] : [])));
  const webhooks = [...new Set(ops.filter((o) => o.subject.kind === 'webhook').map((o) => o.subject.key))];
  let usage = emptyUsage();
  if ((input.projects ?? []).length > 0) {
    const { projectUsage } = await import('./usage/typescript.js');
    for (const dir of input.projects ?? [])
      usage = mergeUsage(usage, projectUsage(dir, { operationIds, webhooks, cwd }));
  }
  const operations = ops
    .filter((o) => o.subject.kind === 'operation')
    .map((o) => ({ key: o.subject.key, method: o.subject.method ?? '', path: o.subject.path ?? '' }));
  for (const file of input.har ?? []) usage = mergeUsage(usage, harUsage(file, { operations, webhooks, cwd }));
  return usage;
}

/** A change reaches the partner when one of its operations or webhooks is used; a change that
 * names none (a server, a scheme no operation names) reaches everyone who uses anything. */
export function isUsed(change: Change, usage: Usage): boolean {
  const usesSubject = (s: Subject) =>
    s.kind === 'webhook'
      ? usage.webhooks.has(s.key)
      : (s.id !== undefined && usage.operationIds.has(s.id)) || usage.operationKeys.has(s.key);
  if (change.subjects.length === 0) return usage.operationIds.size + usage.operationKeys.size + usage.webhooks.size > 0;
  return change.subjects.some(usesSubject);
}

function statusesHandled(usage: Usage, ...sides: ContractSide[]): string[] {
  const names = new Set(sides.flatMap((s) => (s.table?.statuses ?? []).map((x) => x.name)));
  return [...usage.literals].filter((l) => names.has(l)).sort();
}

/** The exit rule: the changes at or above `failOn` (only those reaching the partner, when usage was given). */
export function failingChanges(result: DiffResult, failOn: Severity | 'none'): Change[] {
  if (failOn === 'none') return [];
  const limit = SEVERITIES.indexOf(failOn);
  return result.changes.filter((c) => SEVERITIES.indexOf(c.severity) <= limit && c.used !== false);
}

export { diffRules } from './rules/index.js';
export type { Change, ContractSide, DiffResult, Severity } from './types.js';
export type { Usage } from './usage/types.js';
export type { SideOptions } from './load.js';
export { renderDiff, type DiffReportKind } from './reporters/index.js';
