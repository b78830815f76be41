/**
 * A webhook signing secret given to the toolkit (`CBP_WEBHOOK_SECRET`, `--secret`, a driver's
 * subscription) is judged once, at start-up: one that is not `whsec_<base64>` or decodes to fewer
 * than 24 bytes (Standard Webhooks: 24 to 64) is a user error, never a run that accepts deliveries
 * signed with an empty key. The value is never shown.
 */
import { webhookSecretProblem } from 'cross-border-payments-runtime/webhooks';
import { CbpError, type CbpErrorCode } from './errors.js';

export const WEBHOOK_SECRET_RULE = 'Standard Webhooks: secret of 24 to 64 bytes';

/** Throws a CbpError (`code`, default E_USAGE) naming where the secret came from. */
export function requireWebhookSecret(
  secret: string,
  where: { source: string; code?: CbpErrorCode; hint?: string },
): string {
  const problem = webhookSecretProblem(secret);
  if (problem === undefined) return secret;
  throw new CbpError(where.code ?? 'E_USAGE', `${where.source}: ${problem}`, {
    rule: WEBHOOK_SECRET_RULE,
    hint:
      where.hint ?? 'use the secret your endpoint verifies with (whsec_ followed by the base64 of 24+ random bytes)',
  });
}
