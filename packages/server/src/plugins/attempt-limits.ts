// Attempt limits on sign-in, the one-time code, registration and the claim code (429 with
// Retry-After), counted after validation and before the handler: the policy is http/rate-limit.ts,
// the counters http/rate-limit-stores.ts.
import fp from 'fastify-plugin';
import { registerRateLimits, type RateLimitOptions } from '../http/rate-limit.js';

export const attemptLimits = fp<RateLimitOptions>(async (app, options) => registerRateLimits(app, options), {
  name: 'attempt-limits',
  dependencies: ['caller-auth'],
});
