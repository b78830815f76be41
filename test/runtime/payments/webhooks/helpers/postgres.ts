/**
 * The PostgreSQL server the store tests run against: `CBP_TEST_POSTGRES_URL`, which `.ci/run`
 * sets after `scripts/test-postgres.sh start` (Debian's package, a fresh cluster on 127.0.0.1).
 * Without it a local run skips those tests and says why; in CI (`CI=true`) a missing server is a
 * failure, never a silent skip.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const postgresUrl = process.env['CBP_TEST_POSTGRES_URL'];

if (!postgresUrl) {
  if (process.env['CI'])
    throw new Error('CBP_TEST_POSTGRES_URL is not set: CI must start PostgreSQL (scripts/test-postgres.sh start)');
  console.warn(
    'PostgreSQL tests skipped: set CBP_TEST_POSTGRES_URL (eval ' +
      '"$(scripts/test-postgres.sh start)" starts a local server)',
  );
}

/** A schema name of its own per test, dropped by `dropSchema`. */
export function freshSchema(prefix = 't'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
