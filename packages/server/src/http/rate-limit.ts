// Rate limits where guessing pays: sign-in, the one-time code, registration and the password
// (a new code, a reset request and its code, a change), counted per
// account and per address in fixed windows; the claim code at pickup, per order and per staff
// account. A request over a limit is answered 429 with
// `Retry-After` (seconds) in the operation's own error envelope (plain text on the auth calls),
// before the rule runs: the right password or code is refused too until the window ends.
//
// The counters sit behind RateLimitStore (http/rate-limit-stores.ts).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { errorBody, type OperationMeta } from './contract.js';
import type { RateLimitCount, RateLimitStore } from './rate-limit-stores.js';

export interface RateLimitWindow {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export interface OperationLimits {
  /** Per account (the username, e-mail or user id the request names). */
  account: RateLimitWindow;
  /** Per client address (request.ip: the peer, or X-Forwarded-For with TRUST_PROXY). */
  address: RateLimitWindow;
}

/** The claim code (8 hex digits) a staff account types at pickup. */
export interface ClaimCodeLimits {
  /** Per order, whose code is what is guessed: every try counts. */
  order: RateLimitWindow;
  /** Per staff account: failed tries only (a verified order gives its try back). */
  staff: RateLimitWindow;
}

/** The order confirmation e-mail sent again: per order, every request counts. */
export interface ResendConfirmationLimits {
  order: RateLimitWindow;
}

type AuthOperation = 'loginUser' | 'verifyEmail' | 'registerUser' | 'resendVerificationCode' | 'requestPasswordReset' | 'resetPassword' | 'changePassword';
export type LimitedOperation = AuthOperation | 'verifyOrder' | 'resendOrderConfirmation';
export type RateLimits = Record<AuthOperation, OperationLimits> & { verifyOrder: ClaimCodeLimits; resendOrderConfirmation: ResendConfirmationLimits };

const MINUTE = 60_000;

/**
 * A real shop's limits. Sign-in: 10 tries per account and 100 per address in 15 minutes (a
 * successful sign-in clears the account's count; a carrier NAT puts many customers on one
 * address). The 5-digit code: 5 tries per account (the code itself is spent after 5 wrong ones)
 * and 30 per address in 15 minutes. Registration, which mails a fresh code: 5 per e-mail and
 * 20 per address an hour. So one address gets at most ~100 code guesses an hour out of 90,000.
 * A new one-time code and a password reset request mail a code as registration does: its limits
 * (per username, or per typed name or address). A reset code is guessed as the one-time code is:
 * its limits. A password change checks a password as sign-in does: sign-in's (per account).
 * The claim code: 5 tries per order and 30 failed ones per staff account in 15 minutes (a busy
 * counter verifies many orders, each at the first try), so a stolen staff token gets ~2,900
 * guesses a day at codes of 2^32. The confirmation e-mail again: 3 per order an hour (it
 * mails the customer's own address; more would only fill their inbox).
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginUser: { account: { max: 10, windowMs: 15 * MINUTE }, address: { max: 100, windowMs: 15 * MINUTE } },
  verifyEmail: { account: { max: 5, windowMs: 15 * MINUTE }, address: { max: 30, windowMs: 15 * MINUTE } },
  registerUser: { account: { max: 5, windowMs: 60 * MINUTE }, address: { max: 20, windowMs: 60 * MINUTE } },
  resendVerificationCode: { account: { max: 5, windowMs: 60 * MINUTE }, address: { max: 20, windowMs: 60 * MINUTE } },
  requestPasswordReset: { account: { max: 5, windowMs: 60 * MINUTE }, address: { max: 20, windowMs: 60 * MINUTE } },
  resetPassword: { account: { max: 5, windowMs: 15 * MINUTE }, address: { max: 30, windowMs: 15 * MINUTE } },
  changePassword: { account: { max: 10, windowMs: 15 * MINUTE }, address: { max: 100, windowMs: 15 * MINUTE } },
  verifyOrder: { order: { max: 5, windowMs: 15 * MINUTE }, staff: { max: 30, windowMs: 15 * MINUTE } },
  resendOrderConfirmation: { order: { max: 3, windowMs: 60 * MINUTE } },
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/**
 * The account a limited request names: every spelling sign-in takes for one account (NFKC, any
 * case) counts as that account. Hashed: any length fits a key.
 */
const ACCOUNT_FIELD: Record<Exclude<AuthOperation, 'changePassword'>, string> = {
  loginUser: 'username',
  resendVerificationCode: 'username',
  verifyEmail: 'Id',
  registerUser: 'email',
  requestPasswordReset: 'usernameOrEmail',
  resetPassword: 'usernameOrEmail',
};

function accountOf(operationId: AuthOperation, request: FastifyRequest): string {
  const fields = (request.body ?? {}) as Record<string, unknown>;
  // A password change names no account in its body: the signed-in caller's.
  const value = operationId === 'changePassword' ? request.caller?.id : fields[ACCOUNT_FIELD[operationId]];
  return createHash('sha256').update(String(value ?? '').normalize('NFKC').trim().toLowerCase()).digest('base64url');
}

/**
 * The address a limit counts: an IPv4 address as it is (also when IPv4-mapped), an IPv6 address
 * by its /64 network, since one subscriber usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface RateLimitOptions {
  clock: Clock;
  limits: RateLimits;
  store: RateLimitStore;
  operationOf(request: FastifyRequest): OperationMeta | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What a successful answer does to a count: a sign-in clears its account's, a verified order gives its try back. */
    rateLimitOnSuccess?: { key: string; action: 'reset' | 'giveBack' };
  }
}

interface Counter {
  key: string;
  window: RateLimitWindow;
}

/** The counts a limited request adds to, in the order they are taken, and what success does. */
function countersOf(operationId: LimitedOperation, limits: RateLimits, request: FastifyRequest): { counters: Counter[]; onSuccess?: FastifyRequest['rateLimitOnSuccess'] } {
  if (operationId === 'verifyOrder') {
    const rule = limits.verifyOrder;
    const staffKey = `verifyOrder:staff:${request.caller?.id ?? ''}`;
    const orderId = String((request.params as Record<string, unknown> | undefined)?.orderId ?? '').toLowerCase();
    return {
      counters: [{ key: staffKey, window: rule.staff }, { key: `verifyOrder:order:${orderId}`, window: rule.order }],
      onSuccess: { key: staffKey, action: 'giveBack' },
    };
  }
  if (operationId === 'resendOrderConfirmation') {
    const orderId = String((request.params as Record<string, unknown> | undefined)?.orderId ?? '').toLowerCase();
    return { counters: [{ key: `resendOrderConfirmation:order:${orderId}`, window: limits.resendOrderConfirmation.order }] };
  }
  const rule = limits[operationId];
  const accountKey = `${operationId}:account:${accountOf(operationId, request)}`;
  return {
    counters: [{ key: `${operationId}:address:${addressKey(request.ip)}`, window: rule.address }, { key: accountKey, window: rule.account }],
    ...(operationId === 'loginUser' ? { onSuccess: { key: accountKey, action: 'reset' as const } } : {}),
  };
}

/** The counts over their max: none at its max, then each counted in turn, stopping at the first over it. */
async function peekThenHit(store: RateLimitStore, counters: Counter[], now: number): Promise<RateLimitCount[]> {
  const running = await store.peek(counters.map(({ key }) => key), now);
  const over = counters.flatMap(({ window }, i) => (running[i] && running[i].count >= window.max ? [running[i]] : []));
  if (over.length > 0) return over;
  for (const { key, window } of counters) {
    const result = await store.hit(key, window.windowMs, now);
    if (result.count > window.max) return [result];
  }
  return [];
}

/**
 * Counts after validation (a request the contract refuses guesses nothing and is not counted)
 * and before the handler. A successful sign-in clears its account's count, a verified order
 * gives its staff account's try back, before the answer goes out.
 * A refused request counts nothing and adds no key: otherwise one address, refused, could still
 * fill the store with account keys. So the counts are read first, and an attempt is counted only
 * while both are under their limits (the address first: a full store then adds no account key).
 */
export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions) {
  const { limits, store, clock } = options;
  // Callback hooks: an operation without limits passes with no promise; the 429 is sent without done.
  app.addHook('preHandler', (request, reply, done) => {
    const meta = options.operationOf(request);
    const operationId = meta?.operationId as LimitedOperation | undefined;
    if (!meta || !operationId || !Object.hasOwn(limits, operationId)) return done();
    const now = clock.now().getTime();
    const { counters, onSuccess } = countersOf(operationId, limits, request);
    const attempt = store.attempt
      ? store.attempt(counters.map(({ key, window }) => ({ key, windowMs: window.windowMs, max: window.max })), now)
      : peekThenHit(store, counters, now);
    attempt.then((over) => {
      if (over.length === 0) {
        request.rateLimitOnSuccess = onSuccess;
        return done();
      }
      const retryAfter = Math.max(1, ...over.map(({ resetAt }) => Math.ceil((resetAt - now) / 1000)));
      const { type, body } = errorBody(meta, 429, TOO_MANY_ATTEMPTS);
      reply
        .code(429)
        .header('Retry-After', String(retryAfter))
        .type(type === 'text' ? 'text/plain; charset=utf-8' : 'application/json')
        .send(body);
    }, done);
  });
  // Before the answer goes out (onSend, not onResponse): a client that hears 200 and then
  // mistypes finds the count cleared, on this instance or any other (a test's next wrong
  // password overtook the clear and got 429).
  app.addHook('onSend', (request, reply, payload, done) => {
    const onSuccess = request.rateLimitOnSuccess;
    if (!onSuccess || reply.statusCode !== 200) return done(null, payload);
    Promise.resolve(onSuccess.action === 'reset' ? store.reset(onSuccess.key) : store.giveBack(onSuccess.key, clock.now().getTime())).then(
      () => done(null, payload),
      done,
    );
  });
}
