/**
 * The toolkit's Node API (package.json "exports"): generate code, start the sandbox, run the
 * conformance suite, consume payment webhooks. The CLI is a thin shell over the same functions.
 */
import { generate as generateWith, type GenerateOptions, type GenerateResult } from '../generator/generate.js';
import type { GenerateConfig } from '../generator/config.js';
import type { Plugin } from '../generator/plugins/plugin.js';
import * as configs from '../generator/resolve-config.js';
import {
  generateToDisk as toDisk,
  type GenerateToDiskOptions,
  type GenerateToDiskResult,
} from '../generator/generate-to-disk.js';
import { plugins } from './plugins.js';

/** Runs the generator in memory (write the result with writeGenerated). `options.plugins`
 * defaults to every plugin this package ships (api/plugins.ts). */
export function generate(config: GenerateConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
  return generateWith(config, { ...options, plugins: options.plugins ?? plugins });
}

type Registry = readonly Plugin[];

/** `cbp generate` for one resolved config, to disk: generate (a check is answered from the result
 * cache when nothing it reads changed), then write, or with `config.check` compare (`ok: false`
 * on drift, nothing written); the stubs, the tool profile, the host project's runtime
 * dependencies. `options.plugins` defaults to every plugin this package ships. */
export function generateToDisk(
  config: GenerateConfig,
  options: Omit<GenerateToDiskOptions, 'plugins'> & { plugins?: Registry } = {},
): Promise<GenerateToDiskResult> {
  return toDisk(config, { ...options, plugins: options.plugins ?? plugins });
}

/** `cbp generate`'s config resolution (defaults < config file < flags); `registry` defaults to
 * every plugin this package ships, whose shorthands (`stateTable`) and contracts it honours. */
export function resolveGenerateConfig(argv: configs.GenerateArgv, cwd: string, registry: Registry = plugins) {
  return configs.resolveGenerateConfig(argv, cwd, registry);
}

/** Every output of a config file that lists several (see resolveGenerateConfig). */
export function resolveGenerateConfigs(argv: configs.GenerateArgv, cwd: string, registry: Registry = plugins) {
  return configs.resolveGenerateConfigs(argv, cwd, registry);
}

export { plugins };
export type { GenerateConfig, GenerateOptions, GenerateResult, GenerateToDiskOptions, GenerateToDiskResult };
export type { RuntimeMode } from '../generator/config.js';
export type { Plugin, RuntimeSource, PluginOption } from '../generator/plugins/plugin.js';
export { corePlugins } from '../generator/plugins/index.js';
export { defineConfig, type UserConfig, type PluginEntry } from './define-config.js';
export { watchGenerate, type WatchOptions, type WatchRun, type Watcher } from '../generator/watch.js';
export type { Formatter } from '../generator/config.js';
export { checkGenerated, writeGenerated } from '../generator/output-files.js';
export { paymentsPlugin } from '../kits/payments/plugin.js';
import { startSandbox } from '../sandbox/index.js';
export { startSandbox };
export type { RunningSandbox, SandboxOptions } from '../sandbox/index.js';
/** @deprecated Renamed `startSandbox` (the sandbox's name everywhere else); this alias stays so existing code
 * compiles. */
export const startMock: typeof startSandbox = startSandbox;
export {
  createSandboxClient,
  SandboxError,
  type SandboxClient,
  type SandboxClientOptions,
} from '../sandbox/control-client.js';
export { runConformance } from '../conformance/suites/api/run-conformance.js';
export { suiteValidatorsOf } from '../conformance/suites/api/validators.js';
export type { GeneratedValidatorModules, SuiteValidators } from '../conformance/suites/api/validators.js';
export type { ConformanceDriver, PaymentRef, SessionRef } from '../conformance/suites/api/driver.js';
export { NotPossible } from '../conformance/suites/api/driver.js';
export { runSuite } from '../conformance/engine/run-suite.js';
// The webhook consumer's front door; its stores (SQLite, PostgreSQL) are the runtime package's
// entries `cross-border-payments-runtime/payments/webhooks/sqlite` and `/postgres`, so that only
// their users load a driver.
export {
  createWebhookConsumer,
  createMemoryStore,
  verifyWebhook,
  signWebhook,
} from 'cross-border-payments-runtime/payments/webhooks';
export { loadStateTable, type StateTable } from '../kits/payments/state-table/index.js';
export { CbpError, isCbpError } from '../lib/errors.js';
export { diffContracts, renderDiff, type Change, type DiffResult, type DiffReportKind } from '../diff/index.js';
export { recordConformance, type RecordResult } from '../conformance/suites/api/replay/record.js';
export { replayConformance, type ReplayResult } from '../conformance/suites/api/replay/run-replay.js';
export { startReplayServer, type ReplayOptions, type ReplayServer } from '../conformance/suites/api/replay/replay.js';
export {
  CASSETTE_SCHEMA,
  loadCassette,
  saveCassette,
  type Cassette,
} from '../conformance/suites/api/replay/cassette.js';
export { compareVerdicts } from '../conformance/suites/api/replay/verdicts.js';
export { behaviourDiff, type BehaviourDifference } from '../conformance/suites/api/replay/behaviour-diff.js';
