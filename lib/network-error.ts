/**
 * What a request that got no answer tells a user: the cause code read from the error's `cause`
 * chain (the runtime's one reader, client/network-error.ts) and what it usually means. Node's
 * fetch says only "fetch failed"; the code (ECONNREFUSED, ENOTFOUND, a certificate error, a
 * timeout) is what tells a wrong port from a wrong host name from a private CA.
 */
import { networkCause } from 'cross-border-payments-runtime/client';

const MEANING: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused: nothing listens on that host and port',
  ECONNRESET: 'the connection was reset by the other end',
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'the host name could not be resolved now (DNS)',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "the server's TLS certificate is self-signed (trust its CA with NODE_EXTRA_CA_CERTS=ca.pem)",
  SELF_SIGNED_CERT_IN_CHAIN:
    "the server's TLS certificate chain ends in an untrusted CA (trust it with NODE_EXTRA_CA_CERTS=ca.pem)",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the server's TLS certificate is signed by an unknown CA (trust it with NODE_EXTRA_CA_CERTS=ca.pem)",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "the server's TLS certificate is signed by an unknown CA (trust it with NODE_EXTRA_CA_CERTS=ca.pem)",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate does not name this host",
  EPROTO: 'TLS handshake failed (is it HTTP on an https:// URL, or the reverse?)',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS handshake failed (is it HTTP on an https:// URL, or the reverse?)',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'the server accepted the connection but sent no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving',
  UND_ERR_SOCKET: 'the connection closed before an answer',
};

export interface NetworkErrorDescription {
  /** The cause code (ECONNREFUSED, ...), `TIMEOUT` for our own per-request deadline. */
  code?: string;
  /** One phrase: the code and what it means, e.g. "ECONNREFUSED (connection refused: ...)". */
  text: string;
}

/** `timeoutMs`: the deadline the request was sent with (an AbortSignal.timeout fires TimeoutError). */
export function describeNetworkError(error: unknown, timeoutMs?: number): NetworkErrorDescription {
  if (error instanceof Error && error.name === 'TimeoutError')
    return { code: 'TIMEOUT', text: `no answer within ${timeoutMs ?? '?'} ms` };
  const { code, message } = networkCause(error);
  if (code) return { code, text: MEANING[code] ? `${code} (${MEANING[code]})` : code };
  const outer = error instanceof Error ? error.message : String(error);
  return { text: message === outer ? outer : `${outer}: ${message}` };
}
