/**
 * The suite validates with the generated validators (dogfooding, ARCHITECTURE.md: conformance
 * imports generated/), behind a small interface so a partner's own validators could be passed.
 * Validators say which document they were compiled from, so a run can prove they judge the
 * contract it loaded (run-conformance.ts).
 */
import { apiInfo } from '../../../generated/operations.js';
import { validateResponse, validateWebhook } from '../../../generated/validators.js';

export type ValidationOutcome = ReturnType<typeof validateResponse>;

export interface SuiteValidators {
  /**
   * sha256 of the document they were compiled from, as `cbp generate` records it (`apiInfo.documentHash` of the
   * generated operations.ts). A run refuses validators compiled from another document than the contract it judges;
   * validators that do not say vouch for themselves.
   */
  documentHash?: string;
  response(operationId: string, status: number, contentType: string | undefined, body: unknown): ValidationOutcome;
  webhook(name: string, payload: unknown): ValidationOutcome;
}

export const generatedValidators: SuiteValidators = {
  documentHash: apiInfo.documentHash,
  response: (operationId, status, contentType, body) => validateResponse(operationId, status, contentType, body),
  webhook: (name, payload) => validateWebhook(name, payload),
};
