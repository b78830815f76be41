/**
 * `--format prettier|biome`: the generated files formatted by the host project's own formatter,
 * with the project's own configuration (found from where each file will be written), before they
 * are written or compared. A project that formats its generated code then keeps a green
 * `cbp generate --check`: the comparison is against what its formatter makes of the output.
 * The formatter is the host project's installed copy (prettier is an optional peer dependency;
 * biome is found the same way), falling back to one this package can resolve.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CbpError } from '../lib/errors.js';
import { importFromProject, resolveFromProject } from '../lib/host-module.js';
import type { Formatter } from './config.js';
import type { GeneratedFile } from './emitters/emitter.js';

/** What prettier and biome both format; handler stubs and other files are left as they are. */
const FORMATTED = /\.(?:[cm]?[jt]s|json)$/;
/** Formatter processes at once (biome is one process per file, reading standard input). */
const CONCURRENCY = 4;

export async function formatFiles(
  files: GeneratedFile[],
  formatter: Formatter,
  outDir: string,
  cwd: string,
): Promise<GeneratedFile[]> {
  const format = formatter === 'prettier' ? await prettierFormatter(cwd) : biomeFormatter(cwd);
  const out: GeneratedFile[] = files.map((f) => ({ ...f }));
  let next = 0;
  const worker = async () => {
    while (next < out.length) {
      const f = out[next++];
      if (FORMATTED.test(f.path)) f.contents = await format(f.contents, path.join(outDir, f.path));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return out;
}

const notInstalled = (name: string, pkg: string) =>
  new CbpError('E_CONFIG', `--format ${name}: ${pkg} is not installed`, {
    hint: `npm install -D ${pkg} (or drop --format / the config's "format")`,
  });

async function prettierFormatter(cwd: string): Promise<(text: string, file: string) => Promise<string>> {
  const prettier = await importFromProject<typeof import('prettier')>(cwd, 'prettier');
  if (prettier === undefined) throw notInstalled('prettier', 'prettier');
  const ignorePath = [path.join(cwd, '.gitignore'), path.join(cwd, '.prettierignore')];
  return async (text, file) => {
    const info = await prettier.getFileInfo(file, { ignorePath, resolveConfig: false });
    if (info.ignored || info.inferredParser === null) return text;
    const options = (await prettier.resolveConfig(file, { editorconfig: true })) ?? {};
    return prettier.format(text, { ...options, filepath: file });
  };
}

function biomeFormatter(cwd: string): (text: string, file: string) => Promise<string> {
  const pkg = resolveFromProject(cwd, '@biomejs/biome/package.json');
  if (pkg === undefined) throw notInstalled('biome', '@biomejs/biome');
  // The platform binary itself (what bin/biome starts after a Node start-up of its own), else the wrapper.
  const exe = process.platform === 'win32' ? 'biome.exe' : 'biome';
  const native = process.env.BIOME_BINARY ?? resolveIn(pkg, `@biomejs/cli-${process.platform}-${process.arch}/${exe}`);
  const [command, prefix] =
    native !== undefined ? [native, []] : [process.execPath, [path.join(path.dirname(pkg), 'bin/biome')]];
  return (text, file) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, [...prefix, 'format', `--stdin-file-path=${file}`], {
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stderr.on('data', (b: Buffer) => err.push(b));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else {
          const why =
            Buffer.concat(err)
              .toString('utf8')
              .trim()
              .split('\n')
              .find((l) => l.trim() !== '') ?? `exit code ${code}`;
          reject(
            new CbpError('E_CONFIG', `biome could not format ${path.relative(cwd, file)}: ${why}`, {
              hint: "check the project's biome.json(c)",
            }),
          );
        }
      });
      child.stdin.end(text);
    });
}

function resolveIn(pkgJson: string, id: string): string | undefined {
  try {
    return createRequire(pkgJson).resolve(id);
  } catch {
    return undefined;
  }
}
