/**
 * The embedded sandbox as a conformance Target: the composition root starts it (on a free
 * loopback port) and hands it to the API suite, which only sees URLs, the sandbox's own
 * sandbox-only credentials (SANDBOX CONTRACT: printing them is intended) and the built-in
 * sandbox driver that talks to its /_sandbox/ control API over HTTP.
 */
import type { ConformanceConfig } from '../conformance/suites/api/config.js';
import { sandboxDriver } from '../conformance/suites/api/drivers/sandbox.js';
import { fixturesOf, liveTarget, type Target } from '../conformance/suites/api/target.js';
import type { SandboxOptions } from '../sandbox/index.js';

/** Starts the sandbox; the caller closes the Target. */
export async function startSandboxTarget(
  config?: ConformanceConfig,
  sandboxOptions: SandboxOptions = {},
): Promise<Target & { close(): Promise<void> }> {
  // Loaded on use: the sandbox imports generated/, which a run against a live target must not need.
  const { startSandbox, SANDBOX_CLIENTS } = await import('../sandbox/index.js');
  const mock = await startSandbox({ port: 0, host: '127.0.0.1', mode: 'instant', ...sandboxOptions });
  const [a, b] = SANDBOX_CLIENTS;
  return {
    name: 'embedded mock',
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    credentials: {
      primary: { clientId: a.clientId, clientSecret: a.clientSecret },
      secondary: { clientId: b.clientId, clientSecret: b.clientSecret },
      apiKey: a.apiKey,
    },
    fixtures: config ? fixturesOf(config) : undefined,
    driver: sandboxDriver,
    close: () => mock.close(),
  };
}

/** The Target a config names: the embedded sandbox (started here) unless --base-url was given. */
export async function openTarget(config: ConformanceConfig, sandboxOptions?: SandboxOptions): Promise<Target> {
  return config.target.kind === 'embedded' ? startSandboxTarget(config, sandboxOptions) : liveTarget(config);
}

/** Runs `body` against the config's target and closes whatever was started for it. */
export async function withTarget<T>(
  config: ConformanceConfig,
  body: (target: Target) => Promise<T>,
  sandboxOptions?: SandboxOptions,
): Promise<T> {
  const target = await openTarget(config, sandboxOptions);
  try {
    return await body(target);
  } finally {
    await target.close?.();
  }
}
