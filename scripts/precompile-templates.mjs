#!/usr/bin/env node
// Part of `npm run build`: precompiles every template the generator renders (each plugin's
// templates in generator/plugins/<name>/ and kits/<name>/, the shared partials of templates/)
// with the options generator/templates.ts compiles them with, into dist/templates-precompiled.cjs,
// keyed by their path from the root. Compiling them took 40-80 ms of every `cbp generate` process.
// Each entry keeps the SHA-256 of its source: the engine uses an entry only while the template
// file still has that content, so an edited template is compiled from its source again (never a
// stale precompiled one).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = [];
for (const dir of ['templates', 'generator/plugins', 'kits']) {
  if (!existsSync(path.join(root, dir))) continue;
  const files = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.hbs'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .sort();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const sha256 = createHash('sha256').update(source).digest('hex');
    const spec = Handlebars.precompile(source, { strict: true, noEscape: true });
    entries.push(`  ${JSON.stringify(file)}: { sha256: ${JSON.stringify(sha256)}, spec: ${spec} },`);
  }
}
mkdirSync(path.join(root, 'dist'), { recursive: true });
writeFileSync(
  path.join(root, 'dist/templates-precompiled.cjs'),
  `// Written by scripts/precompile-templates.mjs (npm run build); ` +
    `do not edit.\nmodule.exports = {\n${entries.join('\n')}\n};\n`,
);
console.log(`precompiled ${entries.length} templates into dist/templates-precompiled.cjs`);
