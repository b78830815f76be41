/**
 * The production install of a partner app set up as README's Install section says: the toolkit
 * tarball as a devDependency, the runtime tarball (and what the generated code imports) as
 * dependencies; its lockfile (`npm install --package-lock-only`), then `npm ci --omit=dev` from its lockfile, with no other
 * flag. Counted as npm counts ("added N packages": node_modules/.package-lock.json) and sized as
 * `du --apparent-size` does (the bytes of every file under node_modules/).
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ProductionInstall {
  packages: number;
  bytes: number;
  names: string[];
}

export interface PartnerApp {
  toolkitTarball: string;
  runtimeTarball: string;
  /** Registry packages the app depends on besides the runtime (name -> exact version). */
  dependencies: Record<string, string>;
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

export function productionInstall(dir: string, app: PartnerApp): ProductionInstall {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const name = (tarball: string) => path.basename(tarball).replace(/-\d+\.\d+\.\d+.*\.tgz$/, '');
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'partner-app',
      version: '1.0.0',
      private: true,
      type: 'module',
      devDependencies: { [name(app.toolkitTarball)]: `file:${app.toolkitTarball}` },
      dependencies: { [name(app.runtimeTarball)]: `file:${app.runtimeTarball}`, ...app.dependencies },
    }),
  );
  // The lockfile a partner commits, then the production install CI or a Dockerfile runs from it.
  npm(['install', '--package-lock-only'], dir);
  npm(['ci', '--omit=dev'], dir);
  const lock = JSON.parse(readFileSync(path.join(dir, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  const names = Object.keys(lock.packages)
    .filter((k) => k.startsWith('node_modules/'))
    .map((k) => k.slice(k.lastIndexOf('node_modules/') + 'node_modules/'.length))
    .sort();
  return { packages: names.length, bytes: apparentSize(path.join(dir, 'node_modules')), names };
}

function apparentSize(dir: string): number {
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) bytes += apparentSize(p);
    else bytes += lstatSync(p).size;
  }
  return bytes;
}
