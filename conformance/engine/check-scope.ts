/**
 * Which check an exchange belongs to, as async context rather than a field someone sets: the run
 * loop runs each check inside its scope (run-suite.ts), and whatever that check causes (its own
 * requests, a driver's, a token renewal) is attributed to it, however deep in shared objects the
 * request starts. Outside every check (connecting, setting up) the id is `setup`. A parallel
 * runner would keep each check's attribution apart for free: each has its own async context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/** Id given to what happens outside every check (connecting, fixtures, subscriptions). */
export const SETUP_CHECK_ID = 'setup';

/** Runs `fn` as check `checkId`: every exchange it causes is recorded under that id. */
export function runAsCheck<T>(checkId: string, fn: () => T): T {
  return scope.run(checkId, fn);
}

/** The check the caller runs in (`setup` outside every check). */
export function currentCheckId(): string {
  return scope.getStore() ?? SETUP_CHECK_ID;
}
