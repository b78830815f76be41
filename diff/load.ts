/**
 * One side of `cbp diff`: a file, a URL (under the generator's `$ref` origin rules), or
 * `git:<ref>:<path>` (that path's directory as it was at the ref, extracted to a temporary
 * directory so its relative `$ref`s, overlay and state table come from the same commit). The
 * document is loaded by the generator's loader with the rules overlay applied; the state table
 * beside it is read by the payments kit's loader.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadDocument } from '../generator/load/load-document.js';
import { isUrl } from '../generator/load/read-document.js';
import { loadStateTable } from '../kits/payments/state-table/index.js';
import { CbpError } from '../lib/errors.js';
import type { ContractSide } from './types.js';

export interface SideOptions {
  /** Overlay files (default: `rules.overlay.yaml` beside the document, when there is one). */
  overlays?: readonly string[];
  /** State table (default: `payment-states.yaml` beside the document, when there is one); `false`: none. */
  stateTable?: string | false;
  cwd?: string;
  allowRefOrigins?: readonly string[];
}

export const DEFAULT_OVERLAY = 'rules.overlay.yaml';
export const DEFAULT_STATE_TABLE = 'payment-states.yaml';

const GIT = /^git:([^:]+):(.+)$/;

export async function loadContractSide(spec: string, options: SideOptions = {}): Promise<ContractSide> {
  const cwd = options.cwd ?? process.cwd();
  const git = GIT.exec(spec);
  if (git === null) return loadLocal(spec, spec, options, cwd);
  const [, ref, file] = git as unknown as [string, string, string];
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-diff-'));
  try {
    await extract(ref, file, dir, cwd);
    // Overlays and state table named as git: paths come from the same extraction.
    const local = (p: string) => {
      const g = GIT.exec(p);
      return g === null ? path.resolve(cwd, p) : path.join(dir, g[2]!);
    };
    for (const p of [
      ...(options.overlays ?? []),
      ...(typeof options.stateTable === 'string' ? [options.stateTable] : []),
    ]) {
      const g = GIT.exec(p);
      if (g !== null && g[1] !== ref) await extract(g[1]!, g[2]!, dir, cwd);
    }
    return await loadLocal(
      path.join(dir, file),
      spec,
      {
        ...options,
        ...(options.overlays ? { overlays: options.overlays.map(local) } : {}),
        ...(typeof options.stateTable === 'string' ? { stateTable: local(options.stateTable) } : {}),
      },
      cwd,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `git archive <ref> <dir of file>` into `dir`: the file's folder as it was at `ref`. */
async function extract(ref: string, file: string, dir: string, cwd: string): Promise<void> {
  const folder = path.posix.dirname(file.split(path.sep).join('/'));
  try {
    const { stdout: top } = await promisify(execFile)('git', ['rev-parse', '--show-prefix'], { cwd });
    const inRepo = path.posix.join(top.trim(), folder);
    const archive = await promisify(execFile)(
      'git',
      ['archive', '--format=tar', ref, '--', inRepo === '' ? '.' : inRepo],
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: 512 * 1024 * 1024,
      },
    );
    const staged = mkdtempSync(path.join(tmpdir(), 'cbp-diff-tar-'));
    try {
      const tar = path.join(staged, 'side.tar');
      writeFileSync(tar, archive.stdout);
      // The archive holds paths from the repository's root; strip the prefix of the working directory.
      const strip = top.trim() === '' ? 0 : top.trim().split('/').filter(Boolean).length;
      await promisify(execFile)('tar', ['-xf', tar, '-C', dir, `--strip-components=${strip}`]);
    } finally {
      rmSync(staged, { recursive: true, force: true });
    }
  } catch (err) {
    const why = String((err as { stderr?: unknown }).stderr ?? (err as Error).message)
      .trim()
      .split('\n')[0];
    throw new CbpError('E_FILE_NOT_FOUND', `cannot read ${file} at git ref ${ref}: ${why}`, {
      file: `git:${ref}:${file}`,
      hint: 'git:<ref>:<path> names a path relative to the working directory at a commit, branch or tag (e.g. git:origin/main:spec/openapi.yaml)',
    });
  }
}

async function loadLocal(spec: string, shown: string, options: SideOptions, cwd: string): Promise<ContractSide> {
  const beside = (name: string) => {
    if (isUrl(spec)) return undefined;
    const p = path.join(path.dirname(path.resolve(cwd, spec)), name);
    return existsSync(p) ? p : undefined;
  };
  const overlay = beside(DEFAULT_OVERLAY);
  const overlays = options.overlays ? [...options.overlays] : overlay ? [overlay] : [];
  const loaded = await loadDocument(spec, {
    cwd,
    overlays,
    ...(options.allowRefOrigins ? { allowRefOrigins: options.allowRefOrigins } : {}),
  });
  const tableFile = options.stateTable === false ? undefined : (options.stateTable ?? beside(DEFAULT_STATE_TABLE));
  const table = tableFile === undefined ? undefined : loadStateTable(path.resolve(cwd, tableFile));
  const rel = (p: string) =>
    shown === spec ? path.relative(cwd, p) || p : `${shown.replace(/[^/:]*$/, '')}${path.basename(p)}`;
  return {
    document: loaded.document,
    file: shown === spec ? loaded.file : shown,
    ...(table !== undefined && tableFile !== undefined ? { table, tableFile: rel(tableFile) } : {}),
  };
}
