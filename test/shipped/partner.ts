/**
 * Scratch partner projects for the as-shipped tier: the tarballs `npm run pack` writes, installed
 * the way README says, and every command run as a separate process through the installed
 * `node_modules/.bin/cbp` (never `main()` in-process: vitest's module interop is not Node's).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../generator/helpers/compile-output.js';

export const PACK_DIR = path.join(ROOT, 'dist-pack');
const manifest = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
export const TOOLKIT = manifest('package.json');
export const RUNTIME = manifest('packages/runtime/package.json');
export const tarball = (pkg: { name: string; version: string }) =>
  path.join(PACK_DIR, `${pkg.name}-${pkg.version}.tgz`);

/** npm without audit, fund or update notices; packages other than ours from npm's cache when it has them. */
export const NPM_ENV = {
  ...process.env,
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  CBP_PACK: PACK_DIR,
};

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, for a failure message. */
  output: string;
}

export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  timeout = 300_000,
): Run {
  const r = spawnSync(command, args, { cwd, env: { ...NPM_ENV, ...env }, encoding: 'utf8', timeout });
  const stdout = r.stdout ?? '';
  const stderr = r.stderr ?? '';
  return { status: r.status, stdout, stderr, output: `$ ${command} ${args.join(' ')}\n${stdout}\n${stderr}` };
}

/** The installed CLI of the project at `cwd`. */
export const cbp = (cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
  run(path.join(cwd, 'node_modules/.bin/cbp'), args, cwd, env);

/** A bash script (a README block) in `cwd`, failing on the first failing command. */
export const bash = (cwd: string, script: string, env: NodeJS.ProcessEnv = {}) =>
  run('bash', ['-euo', 'pipefail', '-c', script], cwd, env);

export interface Background {
  child: ChildProcess;
  /** Everything written so far, stdout and stderr. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (rejects after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** SIGINT (Ctrl-C) to every process it started, then the exit code of the first. */
  stop(): Promise<number | null>;
}

export function background(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Background {
  // Its own process group, as a terminal's foreground job: Ctrl-C reaches every process in it.
  // Signalled alone, `npx cbp mock` (npm, then sh, then node) exits and leaves the server running.
  const child = spawn(command, args, {
    cwd,
    env: { ...NPM_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const group = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-child.pid!, signal);
      return true;
    } catch {
      return false; // The group is gone.
    }
  };
  let text = '';
  const listeners = new Set<() => void>();
  const append = (b: Buffer) => {
    text += b.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    waitFor: (pattern, ms = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(text);
          if (m === null) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} within ${ms} ms in:\n${text}`));
        }, ms);
        listeners.add(check);
        void exited.then(() => setTimeout(() => listeners.has(check) && reject(new Error(`exited:\n${text}`)), 50));
        check();
      }),
    stop: async () => {
      group('SIGINT');
      const timer = setTimeout(() => group('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      // What the first process started ends too; whatever ignores Ctrl-C for 5 s is killed.
      for (let waited = 0; waited < 5_000 && group(0); waited += 100) await new Promise((r) => setTimeout(r, 100));
      group('SIGKILL');
      return code;
    },
  };
}
