/**
 * Access tokens by client credentials (seed §Authentication, OAuth 2.0 steps 1-4), one per
 * credential, requested once and reused. Token values live only here and in request headers; the
 * run's redactor learns each one as its answer is recorded (engine/http.ts).
 */
import { CbpError } from '../../../lib/errors.js';
import type { Http, SendResult, TokenSource } from '../../engine/http.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export const TOKEN_PATH = '/auth/oauth/v2/token';

export class Tokens implements TokenSource {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(
    private readonly http: Http,
    private readonly credentials: { primary?: ClientCredentials; secondary?: ClientCredentials },
  ) {}

  has(which: 'primary' | 'secondary'): boolean {
    return this.credentials[which] !== undefined;
  }

  token(which: 'primary' | 'secondary'): Promise<string> {
    let hit = this.cache.get(which);
    if (!hit) {
      hit = this.fetchToken(which);
      this.cache.set(which, hit);
      hit.catch(() => this.cache.delete(which));
    }
    return hit;
  }

  /** Forget cached tokens (after the sandbox clock moved past their expiry). */
  reset(): void {
    this.cache.clear();
  }

  /** A token request for these credentials, recorded like any exchange. */
  request(creds: ClientCredentials): Promise<SendResult> {
    return this.http.send({
      operationId: 'requestAccessToken',
      method: 'POST',
      path: TOKEN_PATH,
      base: 'auth',
      auth: 'none',
      form: { grant_type: 'client_credentials', client_id: creds.clientId, client_secret: creds.clientSecret },
    });
  }

  private async fetchToken(which: 'primary' | 'secondary'): Promise<string> {
    const creds = this.credentials[which];
    if (!creds) throw new CbpError('E_CONFIG', `no ${which} client credentials`);
    const res = await this.request(creds);
    const token = (res.body as { access_token?: unknown } | undefined)?.access_token;
    if (res.status < 200 || res.status >= 300 || typeof token !== 'string') {
      throw new CbpError('E_TARGET_UNREACHABLE', `could not obtain an access token for the ${which} client (${res.error ?? `HTTP ${res.status}`})`, {
        hint: 'check --auth-url and the client credentials (values are never printed)',
      });
    }
    return token;
  }
}
