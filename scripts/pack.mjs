// `npm run pack`: the two tarballs a partner installs, in dist-pack/ (what `npm publish` would
// upload): the toolkit (the CLI and Node API, a build tool: a devDependency) with the runtime
// package bundled inside it (bundleDependencies), so that it installs on its own from the file
// before either package is on a registry; and the runtime package (what generated code imports:
// an app's dependency). Both are published together at one version, checked here.
// `--no-build` packs dist/ as built (CI builds once, before the tests).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist-pack');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const toolkit = read('package.json');
const runtime = read('packages/runtime/package.json');

const fail = (message) => {
  console.error(`pack: ${message}`);
  process.exit(1);
};
if (toolkit.version !== runtime.version)
  fail(`${toolkit.name}@${toolkit.version} and ${runtime.name}@${runtime.version}: the versions must be equal`);
if (toolkit.dependencies[runtime.name] !== runtime.version)
  fail(`${toolkit.name} depends on ${runtime.name}@${toolkit.dependencies[runtime.name]}, not ${runtime.version}`);
if (!toolkit.bundleDependencies?.includes(runtime.name)) fail(`${toolkit.name} must bundle ${runtime.name}`);

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
for (const file of ['dist/cli-bundle/main.js', 'dist/api/index.js', 'packages/runtime/dist/client/create-client.js'])
  if (!existsSync(path.join(root, file))) fail(`${file} is missing: run \`npm run build\` first`);
// The bundled copy is node_modules/<runtime> (the workspace's link to packages/runtime).
if (!existsSync(path.join(root, 'node_modules', runtime.name, 'package.json')))
  fail(`node_modules/${runtime.name} is missing: run \`npm ci\` first`);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// --ignore-scripts: prepack would build again; dist/ is current here.
const pack = (cwd) => JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], cwd))[0];
for (const [label, dir] of [
  ['runtime', path.join(root, 'packages/runtime')],
  ['toolkit', root],
]) {
  const { filename, size, unpackedSize, entryCount, bundled } = pack(dir);
  console.log(
    `${path.relative(root, path.join(out, filename))}  ${label}: ${entryCount} files, ${size} B packed, ` +
      `${unpackedSize} B unpacked${bundled?.length ? `, bundles ${bundled.join(', ')}` : ''}`,
  );
}
