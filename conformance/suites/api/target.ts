/**
 * What the caller (the CLI, the composition root; or a test, a partner's script) hands the API
 * suite: where the implementation answers, how to authenticate, what it already holds and how to
 * drive it. The suite never starts what it checks: the CLI starts the embedded sandbox and passes
 * it in as a Target like any other.
 */
import type { ClientCredentials } from './tokens.js';
import type { ConformanceConfig } from './config.js';
import type { TargetFixtures } from './config-file.js';
import type { Driver, DriverChoice } from './driver.js';
import { probeSandboxDriver } from './drivers/sandbox.js';

export interface TargetCredentials {
  primary?: ClientCredentials;
  /** A second client, for the cross-tenant case. */
  secondary?: ClientCredentials;
  apiKey?: string;
  /** A token the target has expired, for the expired-token case. */
  expiredToken?: string;
}

export interface Target {
  /** Shown in reports: 'embedded mock' or the base URL. */
  name: string;
  baseUrl: string;
  authUrl: string;
  credentials: TargetCredentials;
  /** What the target holds, when known up front (the config file); else the driver's fixtures. */
  fixtures?: TargetFixtures;
  /** How to move payments forward on the target; none: nothing is driven. */
  driver?: DriverChoice;
  /**
   * How the runner's requests reach the target (default: Node's global fetch). A caller may pass
   * its own, e.g. one bound to an HTTP proxy or to a name mapping (tests reach a public-looking
   * host name on 127.0.0.1 this way); the reports still show the URLs as configured.
   */
  fetch?: typeof fetch;
  /** The run id in the `unique` values the run sends (default: random); a replay passes the recording's. */
  runId?: string;
  /** Wraps the driver that drives the run (a recording notes its calls, a replay answers them). */
  wrapDriver?(driver: Driver): Driver;
  /** Releases what was started for this target (the caller's, called by the caller). */
  close?(): Promise<void>;
}

/** A live implementation named by --base-url: credentials and fixtures from the config; the sandbox driver when it
 * answers /_sandbox/. */
export function liveTarget(config: ConformanceConfig): Target {
  if (config.target.kind !== 'live') throw new Error('liveTarget needs a live config (--base-url)');
  return {
    name: config.target.baseUrl,
    baseUrl: config.target.baseUrl,
    authUrl: config.target.authUrl,
    credentials: config.credentials,
    fixtures: fixturesOf(config),
    driver: probeSandboxDriver,
  };
}

/** The config file's fixtures, when it lists customers (else the driver supplies them). */
export function fixturesOf(config: ConformanceConfig): TargetFixtures | undefined {
  const f = config.file;
  if (!f?.customers?.length) return undefined;
  return {
    customers: f.customers,
    recipients: f.recipients ?? [],
    quotes: f.quotes ?? [],
    third_parties: f.third_parties ?? [],
  };
}
