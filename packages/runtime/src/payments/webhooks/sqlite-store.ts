/**
 * A WebhookStore in a SQLite file that survives restarts and crashes. Uses node-sqlite3-wasm:
 * SQLite compiled to WebAssembly with direct file access, so it installs on Node 20 with no
 * native build and no binary download (better-sqlite3 needs either). Its API is synchronous,
 * so each commit is one short transaction. The driver is loaded when a store is created, so code
 * that never calls createSqliteStore (or type-checks generated/runtime/) does not need it.
 */

/** The part of node-sqlite3-wasm's API used here. */
interface SqliteStatement {
  get(values?: unknown[]): Record<string, unknown> | null;
  all(values?: unknown[]): Array<Record<string, unknown>>;
  run(values?: unknown[]): unknown;
  finalize(): void;
}
interface SqliteDatabase {
  readonly inTransaction: boolean;
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

function openDatabase(path: string): SqliteDatabase {
  let driver: { Database: new (file: string) => SqliteDatabase };
  try {
    driver = createRequire(import.meta.url)('node-sqlite3-wasm');
  } catch {
    throw new Error('createSqliteStore needs the node-sqlite3-wasm package: npm install node-sqlite3-wasm');
  }
  return new driver.Database(path);
}
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PaymentState } from './reducer.js';
import { isPrunableUnknown, type CommitInput, type WebhookStore } from './store.js';

export interface SqliteStoreOptions {
  /** Database file; created when missing. */
  path: string;
}

export function createSqliteStore({ path }: SqliteStoreOptions): WebhookStore {
  claimOwnership(path);
  const db = openDatabase(path);
  // Rollback journal + synchronous=FULL: a commit is on disk before we answer 200, so a killed
  // process loses nothing it acknowledged (WAL needs shared memory the wasm VFS does not offer).
  db.exec(
    `
    PRAGMA journal_mode = DELETE;
    PRAGMA synchronous = FULL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS webhook_events (event_id TEXT ` +
      `PRIMARY KEY, payment_id TEXT NOT NULL, effect TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS webhook_payments (payment_id TEXT ` +
      `PRIMARY KEY, version INTEGER NOT NULL, status TEXT, state TEXT NOT NULL);
  `,
  );
  const hasEvent = db.prepare('SELECT 1 AS x FROM webhook_events WHERE event_id = ?');
  const getPayment = db.prepare('SELECT state FROM webhook_payments WHERE payment_id = ?');
  const getVersion = db.prepare('SELECT version FROM webhook_payments WHERE payment_id = ?');
  const upsert = db.prepare(
    `INSERT INTO webhook_payments (payment_id, version, status, state) VALUES (?, ?, ?, ?)
     ON CONFLICT(payment_id) DO UPDATE SET version = ` +
      `excluded.version, status = excluded.status, state = excluded.state`,
  );
  const addEvent = db.prepare('INSERT INTO webhook_events (event_id, payment_id, effect) VALUES (?, ?, ?)');
  // A payment never known has no status yet: the column narrows the scan before the JSON is read.
  const statusless = db.prepare('SELECT payment_id, version, state FROM webhook_payments WHERE status IS NULL');
  const deletePayment = db.prepare('DELETE FROM webhook_payments WHERE payment_id = ? AND version = ?');

  const commit = ({ eventId, paymentId, expectedVersion, state, effect }: CommitInput): boolean => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const row = getVersion.get([paymentId]);
      if (hasEvent.get([eventId]) !== null || Number(row?.['version'] ?? 0) !== expectedVersion) {
        db.exec('ROLLBACK');
        return false;
      }
      upsert.run([paymentId, state.version, state.status, JSON.stringify(state)]);
      addEvent.run([eventId, paymentId, effect]);
      db.exec('COMMIT');
      return true;
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw err;
    }
  };

  return {
    hasEvent: (eventId) => hasEvent.get([eventId]) !== null,
    getPayment(paymentId) {
      const row = getPayment.get([paymentId]);
      return row ? (JSON.parse(String(row['state'])) as PaymentState) : undefined;
    },
    commit,
    pruneUnknown(before) {
      db.exec('BEGIN IMMEDIATE');
      try {
        let pruned = 0;
        for (const row of statusless.all()) {
          if (!isPrunableUnknown(JSON.parse(String(row['state'])) as PaymentState, before)) continue;
          deletePayment.run([row['payment_id'], row['version']]);
          pruned++;
        }
        db.exec('COMMIT');
        return pruned;
      } catch (err) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw err;
      }
    },
    close() {
      for (const s of [hasEvent, getPayment, getVersion, upsert, addEvent, statusless, deletePayment]) s.finalize();
      db.close();
      rmSync(`${path}.owner`, { force: true });
    },
  };
}

/**
 * The driver's VFS locks with a `<file>.lock` directory, which a killed process leaves behind
 * (every later open then fails with "database is locked"). The store is single-process: it records
 * its pid in `<file>.owner`, refuses a file owned by a live process, and removes the lock left by
 * a dead one; SQLite then rolls back the interrupted transaction from its hot journal.
 */
function claimOwnership(path: string): void {
  const owner = `${path}.owner`;
  const pid = existsSync(owner) ? Number(readFileSync(owner, 'utf8').trim()) : undefined;
  if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
    throw new Error(`webhook store ${path} is in use by process ${pid}`);
  }
  if (pid !== undefined || existsSync(`${path}.lock`)) rmSync(`${path}.lock`, { recursive: true, force: true });
  writeFileSync(owner, String(process.pid));
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
