/**
 * The session decision rules of seed §Look up sessions by client reference, as the generated
 * client's procedure implements them. One import line, so the example follows the procedure if
 * the generator moves it.
 */
export {
  decideSessionAction,
  type SessionDecision,
} from '../../generated/runtime/payments/procedures/session-decision.js';
