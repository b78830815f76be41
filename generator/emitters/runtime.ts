/**
 * `runtime/`: every file of templates/runtime/ (recursively, tests excluded) copied verbatim, so
 * generated code imports only its own copy (ARCHITECTURE.md, "Layers"). The pipeline adds the
 * header.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { templatesDir } from '../package-info.js';
import type { Emitter, GeneratedFile } from './emitter.js';

export function runtimeFiles(dir: string = path.join(templatesDir(), 'runtime')): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  const walk = (rel: string) => {
    const entries = readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(relPath);
      else if (e.isFile() && !/\.test\.ts$/.test(e.name)) {
        out.push({ path: `runtime/${relPath}`, contents: readFileSync(path.join(dir, relPath), 'utf8') });
      }
    }
  };
  walk('');
  return out;
}

export const runtimeEmitter: Emitter = {
  name: 'runtime',
  emit: () => runtimeFiles(),
};
