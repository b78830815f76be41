/**
 * The one door from the conformance side into the generated runtime for what no top-level
 * generated module (generated/validators.ts, generated/webhooks.ts, ...) exports yet: the stateful
 * rule registry (for its violate() mutations) and the response matcher the router uses. Both are
 * reached through generated/, the same copy the sandbox runs, never through templates/.
 */
export { statefulRules } from '../../../generated/runtime/payments/stateful-rules/index.js';
export { matchMediaType, matchStatus } from '../../../generated/runtime/rules/response-match.js';
