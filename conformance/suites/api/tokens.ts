/**
 * Access tokens by client credentials (seed §Authentication, OAuth 2.0 steps 1-4), one per
 * credential, reused until it expires per expires_in (step 4: "When the token has expired (per
 * expires_in), the application requests a new one"; seconds, A-EXPIRES-UNIT), then requested
 * again. Token values live only here and in request headers; the run's redactor learns each one
 * as its answer is recorded (engine/http.ts).
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
  /** When each cached token is renewed: a little before its expires_in runs out. */
  private readonly renewAt = new Map<string, number>();

  constructor(
    private readonly http: Http,
    private readonly credentials: { primary?: ClientCredentials; secondary?: ClientCredentials },
  ) {}

  has(which: 'primary' | 'secondary'): boolean {
    return this.credentials[which] !== undefined;
  }

  token(which: 'primary' | 'secondary'): Promise<string> {
    const renew = this.renewAt.get(which);
    if (renew !== undefined && Date.now() >= renew) {
      this.cache.delete(which);
      this.renewAt.delete(which);
    }
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
    this.renewAt.clear();
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
    const body = res.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    const token = body?.access_token;
    if (res.status < 200 || res.status >= 300 || typeof token !== 'string') {
      throw new CbpError(
        'E_TARGET_UNREACHABLE',
        `could not obtain an access token for the ${which} client (${res.error ?? `HTTP ${res.status}`})`,
        {
          hint: 'check --auth-url and the client credentials (values are never printed)',
        },
      );
    }
    const lifetimeMs = typeof body?.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : undefined;
    // Renewed when a tenth of its lifetime (at most 30 s) is left, so no request carries a token about to expire.
    if (lifetimeMs !== undefined) this.renewAt.set(which, Date.now() + lifetimeMs - Math.min(30_000, lifetimeMs / 10));
    return token;
  }
}
