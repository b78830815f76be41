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

/** What a `cbp generate` output exports for the suite: its validators.ts and operations.ts, spread into one. */
export interface GeneratedValidatorModules {
  validateResponse: SuiteValidators['response'];
  validateWebhook: SuiteValidators['webhook'];
  apiInfo: { readonly documentHash: string };
}

/**
 * The suite's validators over a generated output, saying which document it was compiled from: pass
 * `{ ...await import('<out>/validators.js'), ...await import('<out>/operations.js') }` to judge another document.
 */
export function suiteValidatorsOf(output: GeneratedValidatorModules): SuiteValidators {
  return {
    documentHash: output.apiInfo.documentHash,
    response: (...args) => output.validateResponse(...args),
    webhook: (...args) => output.validateWebhook(...args),
  };
}

/** This package's generated/ (compiled from spec/ with cbp.config.json). */
export const generatedValidators: SuiteValidators = suiteValidatorsOf({ validateResponse, validateWebhook, apiInfo });
