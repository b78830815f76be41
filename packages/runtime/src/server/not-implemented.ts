/** The answer of a handler stub (`cbp generate --stubs`) until it is implemented. */
import type { NotImplementedResponse } from './types.js';

export function notImplemented(operationId: string): NotImplementedResponse {
  return {
    status: 501,
    body: {
      errors: [
        {
          rule: 'server.not-implemented',
          pointer: '',
          message: `Operation ${operationId} is not implemented yet`,
          source: 'cbp generate --stubs',
        },
      ],
    },
  };
}
