/**
 * The model the suite judges against: spec/openapi.yaml with spec/rules.overlay.yaml applied,
 * normalized once (ARCHITECTURE.md "Model": the runner reads the model, never the raw document),
 * and the state table. Loaded once per process: the bench and the tests run many suites.
 */
import path from 'node:path';
import { loadDocument } from '../../../generator/load/load-document.js';
import { normalize } from '../../../generator/ir/normalize.js';
import type { ApiModel, StateTable } from '../../../generator/ir/model.js';
import { defaultStateTablePath, loadStateTable } from '../../../lib/state-table.js';

export interface SuiteSpec {
  model: ApiModel;
  table: StateTable;
}

const cache = new Map<string, Promise<SuiteSpec>>();

export function packageSpecDir(): string {
  return path.dirname(defaultStateTablePath());
}

export function loadSuiteSpec(dir: string = packageSpecDir()): Promise<SuiteSpec> {
  let hit = cache.get(dir);
  if (!hit) {
    hit = (async () => {
      const loaded = await loadDocument(path.join(dir, 'openapi.yaml'), { overlays: [path.join(dir, 'rules.overlay.yaml')] });
      return { model: normalize(loaded.document, { file: loaded.file }), table: loadStateTable(path.join(dir, 'payment-states.yaml')) };
    })();
    cache.set(dir, hit);
    hit.catch(() => cache.delete(dir));
  }
  return hit;
}
