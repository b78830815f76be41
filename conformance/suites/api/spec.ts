/**
 * The contract a run judges against, read once: openapi.yaml with rules.overlay.yaml applied by
 * the generator's loader (the published contract), the model normalized from that one document,
 * the state table, and this project's sandbox overlay when the directory has one. Everything the
 * run needs from the contract is derived from this object: the model the checks read
 * (ARCHITECTURE.md "Model"), the provenance of every expectation (read from the same loaded
 * document and table, never from the files again), and the fingerprint the validators must match.
 * Loaded once per directory and process: the bench and the tests run many suites.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../../../generator/ir/canonical-json.js';
import type { ApiModel } from '../../../generator/ir/model.js';
import { normalize } from '../../../generator/ir/normalize.js';
import { applyOverlay } from '../../../generator/load/apply-overlay.js';
import { loadDocument, type OpenApiDocument } from '../../../generator/load/load-document.js';
import { normalizeSlips } from '../../../generator/load/normalize-slips.js';
import { readDocumentFile } from '../../../generator/load/read-document.js';
import type { StateTable } from '../../../kits/payments/state-table/index.js';
import { defaultStateTablePath, loadStateTable } from '../../../kits/payments/state-table/index.js';
import { SpecProvenance } from '../verdicts/spec-provenance.js';

export interface SuiteSpec {
  /** The directory it was read from. */
  dir: string;
  /** The published contract as loaded (overlaid, bundled, validated): what the model and provenance read. */
  document: OpenApiDocument;
  model: ApiModel;
  table: StateTable;
  /** sandbox.overlay.yaml of the directory (what this project's sandbox answers beyond the contract), if any. */
  sandboxOverlay?: Record<string, unknown>;
  /** Where each expectation comes from, read from `document` and `table`. */
  provenance: SpecProvenance;
  /**
   * sha256 of the document validators must be compiled from to judge this contract: the contract
   * with the sandbox overlay applied, as `cbp generate` loads it (cbp.config.json) and records it
   * (`documentHash` of the generated operations.ts).
   */
  validatorsDocumentHash: string;
}

const cache = new Map<string, Promise<SuiteSpec>>();

export function packageSpecDir(): string {
  return path.dirname(defaultStateTablePath());
}

export function loadSuiteSpec(dir: string = packageSpecDir()): Promise<SuiteSpec> {
  const key = path.resolve(dir);
  let hit = cache.get(key);
  if (!hit) {
    hit = readSuiteSpec(key);
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

async function readSuiteSpec(dir: string): Promise<SuiteSpec> {
  const at = (file: string) => path.join(dir, file);
  const loaded = await loadDocument(at('openapi.yaml'), { overlays: [at('rules.overlay.yaml')] });
  const document = loaded.document;
  const model = normalize(document, { file: loaded.file });
  const table = loadStateTable(at('payment-states.yaml'));
  const overlayFile = at('sandbox.overlay.yaml');
  const overlay = existsSync(overlayFile) ? await readDocumentFile(overlayFile, { kind: 'overlay' }) : undefined;
  const sandboxOverlay = overlay === undefined ? undefined : asObject(overlay);
  const provenance = new SpecProvenance({ document, transitions: table.transitions, sandboxOverlay });
  const validatorsDocumentHash = overlay ? withOverlayHash(document, overlay, overlayFile) : model.documentHash;
  return { dir, document, model, table, sandboxOverlay, provenance, validatorsDocumentHash };
}

/** The hash `cbp generate` computes for the document with `overlay` applied last (ir/normalize.ts). */
function withOverlayHash(document: OpenApiDocument, overlay: unknown, file: string): string {
  const overlaid = applyOverlay(document, overlay, { file }).document as Record<string, unknown>;
  normalizeSlips(overlaid, file);
  return createHash('sha256').update(canonicalJson(overlaid)).digest('hex');
}

function asObject(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
