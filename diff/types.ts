/**
 * The contract diff's vocabulary: a side (document, overlay rules inside it, state table), a
 * change (rule id, severity, where in each side), and the rule shape every module in rules/
 * declares. Judged from the partner's side: a client of the API and a receiver of its webhooks.
 */
import type { StateTable } from '../kits/payments/state-table/index.js';

export type Severity = 'breaking' | 'warning' | 'additive';
export const SEVERITIES: readonly Severity[] = ['breaking', 'warning', 'additive'];

/** Who writes the data a schema describes: the partner (a request, or its answer to a webhook) or
 * the provider (a response, or a webhook payload the partner reads). */
export type Direction = 'request' | 'response';

export type Obj = Record<string, unknown>;

/** One version of the contract: the loaded document (overlays applied, so `x-cbp-rules` are in it)
 * and its state table, when it has one. `file` / `tableFile` are what reports show. */
export interface ContractSide {
  document: Obj;
  file: string;
  table?: StateTable;
  tableFile?: string;
}

/** Where a change is: an operation (or a webhook) of the old/new document, by its key. */
export interface Subject {
  kind: 'operation' | 'webhook';
  /** `POST /v3/customers/{}/payments` for an operation (path parameters unnamed), the name for a webhook. */
  key: string;
  /** operationId when there is one (the generated client's method name). */
  id?: string;
  method?: string;
  path?: string;
}

export interface Change {
  rule: string;
  severity: Severity;
  message: string;
  /** JSON pointer in the old document (or state table), when the change has an old side. */
  old?: string;
  /** JSON pointer in the new document (or state table), when the change has a new side. */
  new?: string;
  /** Which file the pointers are in: the document (default) or the state table. */
  in?: 'document' | 'state-table';
  /** The operations and webhooks the change reaches (a shared component reaches several). */
  subjects: Subject[];
  /** Set when usage was given: does the partner's code or traffic reach it? */
  used?: boolean;
}

/** What a rule reports; the walker adds the subjects and merges duplicates. */
export type Finding = Omit<Change, 'subjects' | 'rule' | 'used'> & { subjects?: Subject[] };

/** A schema as the rules see it: $refs resolved, `allOf` members merged, types as a set. */
export interface SchemaView {
  pointer: string;
  raw: Obj;
  /** JSON types besides 'null' ('integer' kept apart from 'number'); empty = any. */
  types: Set<string>;
  nullable: boolean;
  properties: Map<string, { schema: unknown; pointer: string }>;
  required: Set<string>;
  /** Enum values (JSON-encoded), without null; undefined when there is no enum. */
  enum?: Set<string>;
  /** The first value of a keyword found on the schema or its allOf members. */
  get(keyword: string): unknown;
  /** Pointer of that keyword. */
  at(keyword: string): string;
}

export interface SchemaPair {
  old: SchemaView;
  new: SchemaView;
  direction: Direction;
}

export interface OperationPair {
  key: string;
  old: Obj;
  new: Obj;
  oldPointer: string;
  newPointer: string;
  /** 'webhook' for a webhook's operation: its body is read by the partner, its responses written. */
  kind: 'operation' | 'webhook';
}

export interface ParameterPair {
  old: Obj;
  new: Obj;
  oldPointer: string;
  newPointer: string;
}

export interface Sides {
  old: ContractSide;
  new: ContractSide;
}

/** What a rule receives besides its pair. */
export interface RuleContext {
  sides: Sides;
  /** Resolves a local `$ref` (or returns the value) with the pointer it ends at. */
  resolve(side: 'old' | 'new', value: unknown, pointer: string): { value: Obj; pointer: string };
}

interface RuleBase {
  /** Stable id a report and a CI filter cite, e.g. `schema.enum-value-added`. */
  id: string;
  /** One line: what it detects and how it is graded. */
  title: string;
}

/** One change rule: where it looks and what it reports. Registered in rules/index.ts. */
export type DiffRule =
  | (RuleBase & { on: 'contract'; check(sides: Sides, ctx: RuleContext): Finding[] })
  | (RuleBase & { on: 'operation'; check(pair: OperationPair, ctx: RuleContext): Finding[] })
  | (RuleBase & { on: 'parameter'; check(pair: ParameterPair & { direction: Direction }, ctx: RuleContext): Finding[] })
  | (RuleBase & { on: 'schema'; check(pair: SchemaPair, ctx: RuleContext): Finding[] })
  | (RuleBase & { on: 'state-table'; check(old: StateTable, next: StateTable): Finding[] });

export interface DiffResult {
  old: { file: string; tableFile?: string };
  new: { file: string; tableFile?: string };
  changes: Change[];
  counts: Record<Severity, number>;
  /** Set when usage narrowed the result: what was found in the partner's code or traffic. */
  usage?: UsageSummary;
}

export interface UsageSummary {
  sources: string[];
  operations: string[];
  webhooks: string[];
  statuses: string[];
}
