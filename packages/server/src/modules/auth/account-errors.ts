import { isUniqueViolation } from '../../shared/context.js';
import { RuleRefusal, rejected } from '../../shared/errors.js';

/** A unique violation that slipped past the checks (a race) becomes the rule's refusal. */
export function isUniqueViolationRefusal(error: unknown, message: string): unknown {
  if (error instanceof RuleRefusal) return error;
  return isUniqueViolation(error) ? rejected(message) : error;
}
