/**
 * A private certificate authority and a server certificate for 127.0.0.1, made at test time with
 * the `openssl` command-line tool (Node has no X.509 issuing API). What a provider's sandbox
 * behind a corporate or staging CA looks like to a partner: the runner trusts it through
 * NODE_EXTRA_CA_CERTS, nothing is disabled.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PrivateCa {
  /** PEM of the CA certificate (what NODE_EXTRA_CA_CERTS points at). */
  caPath: string;
  key: string;
  cert: string;
  dispose(): void;
}

export const hasOpenssl = (): boolean => spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

export function makePrivateCa(): PrivateCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-private-ca-'));
  const f = (name: string) => path.join(dir, name);
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Independent Provider Test CA',
  );
  run(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    f('server.key'),
    '-out',
    f('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(
    f('ext.cnf'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' +
      'keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
  );
  run(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('server.pem'),
    '-days',
    '2',
    '-extfile',
    f('ext.cnf'),
  );
  return {
    caPath: f('ca.pem'),
    key: readFileSync(f('server.key'), 'utf8'),
    cert: readFileSync(f('server.pem'), 'utf8'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
