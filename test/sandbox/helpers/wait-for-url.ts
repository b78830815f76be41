import type { ChildProcess } from 'node:child_process';

/** Resolves with the mock's base URL once the child printed it (and, if given, `alsoWaitFor`);
 * rejects with everything printed so far when it exits first or after `timeoutMs`. */
export function waitForSandboxUrl(
  child: ChildProcess,
  options: { alsoWaitFor?: string; timeoutMs?: number } = {},
): Promise<{ baseUrl: string; output: () => string }> {
  let out = '';
  let errOut = '';
  child.stderr?.on('data', (c: Buffer) => void (errOut += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out} ${errOut}`)), options.timeoutMs ?? 15_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && (options.alsoWaitFor === undefined || out.includes(options.alsoWaitFor))) {
        clearTimeout(timer);
        resolve({ baseUrl: m[1]!, output: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before printing its URL: ${out} ${errOut}`));
    });
  });
}
