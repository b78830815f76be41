#!/usr/bin/env node
// Part of `npm run build`: precompiles templates/*.hbs (and templates/partials/) with the options
// generator/templates.ts compiles them with, into dist/templates-precompiled.cjs. Compiling them
// took 40-80 ms of every `cbp generate` process. Each entry keeps the SHA-256 of its source: the
// engine uses an entry only while the template file still has that content, so an edited
// template is compiled from its source again (never a stale precompiled one).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const templates = path.join(root, 'templates');
const entries = [];
for (const [kind, dir] of [
  ['template', templates],
  ['partial', path.join(templates, 'partials')],
]) {
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.hbs'))
    .sort()) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const sha256 = createHash('sha256').update(source).digest('hex');
    const spec = Handlebars.precompile(source, { strict: true, noEscape: true });
    entries.push(`  ${JSON.stringify(`${kind}:${file.slice(0, -4)}`)}: { sha256: ${JSON.stringify(sha256)}, spec: ${spec} },`);
  }
}
mkdirSync(path.join(root, 'dist'), { recursive: true });
writeFileSync(
  path.join(root, 'dist/templates-precompiled.cjs'),
  `// Written by scripts/precompile-templates.mjs (npm run build); do not edit.\nmodule.exports = {\n${entries.join('\n')}\n};\n`,
);
console.log(`precompiled ${entries.length} templates into dist/templates-precompiled.cjs`);
