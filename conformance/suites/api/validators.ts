/**
 * The suite validates with the generated validators (dogfooding, ARCHITECTURE.md: conformance
 * imports generated/), behind a small interface so a partner's own validators could be passed.
 */
import { validateResponse, validateWebhook } from '../../../generated/validators.js';

export type ValidationOutcome = ReturnType<typeof validateResponse>;

export interface SuiteValidators {
  response(operationId: string, status: number, contentType: string | undefined, body: unknown): ValidationOutcome;
  webhook(name: string, payload: unknown): ValidationOutcome;
}

export const generatedValidators: SuiteValidators = {
  response: (operationId, status, contentType, body) => validateResponse(operationId, status, contentType, body),
  webhook: (name, payload) => validateWebhook(name, payload),
};
