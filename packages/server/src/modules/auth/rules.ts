// Accounts: registration with an e-mailed one-time code, verification, sign-in, and the
// password: a new code, a forgotten password's reset code, a change. A password change or reset
// raises the account's token version, which ends every session issued before it.
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { burnPasswordCheck, hashPassword, passwordMatches } from '../../auth/passwords.js';
import type { Role, UserRow } from '../../db/schema.js';
import type { Mail } from '../../mail/mailer.js';
import { queueMail } from '../../mail/outbox.js';
import { runTransaction, type Db, type Tx } from '../../shared/context.js';
import { notFound, rejected, unauthenticated } from '../../shared/errors.js';
import { isUniqueViolationRefusal } from './account-errors.js';

export const OTP_LIFETIME_MS = 15 * 60 * 1000;
export const OTP_MAX_FAILED_TRIES = 5;
export const MIN_PASSWORD_LENGTH = 8;

export interface Registration {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

const newOtp = () => String(randomInt(10_000, 100_000));

/** The rules a new password meets, at registration, reset and change alike (plain-text 400s). */
function checkNewPassword(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) throw rejected('Passwords do not match');
  if (password.length < MIN_PASSWORD_LENGTH) throw rejected(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (!/\S/u.test(password)) throw rejected('Password must contain a character other than a space');
}

/**
 * A username as it is stored and looked up: NFKC (a full-width or composed spelling is the same
 * name), trimmed. Invisible characters (U+200B after "sita") and control characters are refused
 * at registration: such a name would look like another customer's.
 */
export const normalizeUsername = (username: string) => username.normalize('NFKC').trim();
const UNSEEN_IN_USERNAME = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;

const otpMail = (user: { email: string; username: string }, code: string): Mail => ({
  to: user.email,
  subject: 'Your Pustak verification code',
  text: `Hello ${user.username},\n\nYour OTP is ${code}\n\nIt is valid for 15 minutes.`,
});

/**
 * Creates an unverified account and answers the mail with its one-time code. The first account
 * of an empty database becomes Admin; the count is taken under a lock so two first
 * registrations cannot both win. Registering again with the e-mail of an account that was never
 * verified takes that account over with the new name and password and sends a new code. The
 * mail is queued in the same transaction (mail/outbox.ts): send `mailId` after it answers.
 */
export async function register(db: Db, input: Registration, now: Date): Promise<{ user: UserRow; mailId: string }> {
  const username = normalizeUsername(input.username);
  const email = input.email.trim();
  if (!username) throw rejected('Username is required');
  if (UNSEEN_IN_USERNAME.test(username)) throw rejected('Username must not contain invisible or control characters');
  checkNewPassword(input.password, input.confirmPassword);
  const passwordHash = await hashPassword(input.password);
  const code = newOtp();
  const expires = new Date(now.getTime() + OTP_LIFETIME_MS);

  try {
    return await runTransaction(db, async (tx) => {
      const user = await registerIn(tx);
      return { user, mailId: await queueMail(tx, otpMail(user, code), now) };
    });
  } catch (error) {
    throw isUniqueViolationRefusal(error, 'Username is already taken');
  }

  async function registerIn(tx: Tx): Promise<UserRow> {
    await sql`select pg_advisory_xact_lock(hashtext('pustak:register'))`.execute(tx);
    const sameName = await tx.selectFrom('users').selectAll().where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    const sameEmail = await tx.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    if (sameEmail && !sameEmail.is_verified && (!sameName || sameName.id === sameEmail.id)) {
      return tx
        .updateTable('users')
        .set({ username, email, password_hash: passwordHash, otp_code: code, otp_expires_at: expires, otp_failed_tries: 0 })
        .where('id', '=', sameEmail.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (sameName) throw rejected('Username is already taken');
    if (sameEmail) throw rejected('Email is already registered');
    const { count } = await tx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const role: Role = Number(count) === 0 ? 'Admin' : 'User';
    return tx
      .insertInto('users')
      .values({
        id: randomUUID(),
        username,
        email,
        password_hash: passwordHash,
        role,
        is_verified: false,
        otp_code: code,
        otp_expires_at: expires,
        otp_failed_tries: 0,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

/** Checks the one-time code: 15 minutes, 5 wrong tries, then it is spent. */
export async function verifyEmail(db: Db, id: string, code: string, now: Date): Promise<void> {
  const outcome = await runTransaction(db, async (tx) => {
    const user = await tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!user) return 'unknown' as const;
    if (user.is_verified) return 'already' as const;
    if (!user.otp_code || user.otp_failed_tries >= OTP_MAX_FAILED_TRIES) return 'spent' as const;
    if (!user.otp_expires_at || user.otp_expires_at.getTime() < now.getTime()) return 'expired' as const;
    if (user.otp_code !== code) {
      await tx.updateTable('users').set({ otp_failed_tries: user.otp_failed_tries + 1 }).where('id', '=', id).execute();
      return 'wrong' as const;
    }
    await tx.updateTable('users').set({ is_verified: true, otp_code: null, otp_expires_at: null, otp_failed_tries: 0 }).where('id', '=', id).execute();
    return 'verified' as const;
  });
  switch (outcome) {
    case 'unknown':
      throw notFound('User not found');
    case 'already':
      throw rejected('User is already verified');
    case 'spent':
      throw rejected('Too many attempts. Register again to get a new code.');
    case 'expired':
      throw rejected('Verification code has expired');
    case 'wrong':
      throw rejected('Invalid verification code');
    case 'verified':
      return;
  }
}

/** The lower-cased spellings sign-in looks a username up by. */
function usernameSpellings(username: string): string[] {
  // The name as typed too: an account registered before names were normalised keeps its spelling.
  return [...new Set([normalizeUsername(username), username.trim()].map((name) => name.toLowerCase()))];
}

/** The account whose username and password these are, verified or not; refused as sign-in refuses. */
async function accountWithPassword(db: Db, username: string, password: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where(sql`lower(username)`, 'in', usernameSpellings(username)).executeTakeFirst();
  if (!user) {
    await burnPasswordCheck(password);
    throw unauthenticated('Invalid username or password');
  }
  if (!(await passwordMatches(user.password_hash, password))) throw unauthenticated('Invalid username or password');
  return user;
}

/** Sign-in by username. An unverified account is refused only once the password is right. */
export async function signIn(db: Db, username: string, password: string): Promise<UserRow> {
  const user = await accountWithPassword(db, username, password);
  if (!user.is_verified) throw unauthenticated('Please Verify user Account !');
  return user;
}

/**
 * A new one-time code for an account that is not verified yet, for its owner only (the password
 * is checked as sign-in checks it). Answers the account, whose id the verification needs.
 */
export async function resendCode(db: Db, username: string, password: string, now: Date): Promise<{ user: UserRow; mailId: string }> {
  const account = await accountWithPassword(db, username, password);
  if (account.is_verified) throw rejected('User is already verified');
  const code = newOtp();
  return runTransaction(db, async (tx) => {
    const user = await tx
      .updateTable('users')
      .set({ otp_code: code, otp_expires_at: new Date(now.getTime() + OTP_LIFETIME_MS), otp_failed_tries: 0 })
      .where('id', '=', account.id)
      .where('is_verified', '=', false)
      .returningAll()
      .executeTakeFirst();
    if (!user) throw rejected('User is already verified');
    return { user, mailId: await queueMail(tx, otpMail(user, code), now) };
  });
}

export const PASSWORD_RESET_REQUESTED = 'If an account matches, we have e-mailed it a 5-digit code to reset the password.';
export const INVALID_RESET_CODE = 'Invalid or expired reset code';

/**
 * Which account a typed name or address names: an address (it holds "@") by e-mail, anything
 * else by username, both as registration compares them (any case, NFKC names).
 */
function accountNamed(usernameOrEmail: string) {
  const typed = usernameOrEmail.trim();
  return typed.includes('@')
    ? sql<boolean>`lower(email) = ${typed.toLowerCase()}`
    : sql<boolean>`lower(username) in (${sql.join(usernameSpellings(typed))})`;
}

const resetMail = (user: { email: string; username: string }, code: string): Mail => ({
  to: user.email,
  subject: 'Your Pustak password reset code',
  text: `Hello ${user.username},\n\nYour password reset code is ${code}\n\nIt is valid for 15 minutes. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.`,
});

/**
 * A reset code for the account the name or address names, if any: one UPDATE whether or not
 * one matches, so neither the answer nor its time tells which names have an account. A new
 * request replaces an earlier code (and its count of tries). Answers the queued mail's id, or
 * null when no account matched.
 */
export async function requestPasswordReset(db: Db, usernameOrEmail: string, now: Date): Promise<string | null> {
  const code = newOtp();
  return runTransaction(db, async (tx) => {
    const user = await tx
      .updateTable('users')
      .set({ reset_code: code, reset_expires_at: new Date(now.getTime() + OTP_LIFETIME_MS), reset_failed_tries: 0 })
      .where(accountNamed(usernameOrEmail))
      .returning(['email', 'username'])
      .executeTakeFirst();
    return user ? queueMail(tx, resetMail(user, code), now) : null;
  });
}

export interface PasswordReset {
  usernameOrEmail: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Sets a new password with the e-mailed code: 15 minutes, 5 wrong tries, then spent; cleared once
 * used. Every refusal of the code is the same message, so it tells nothing about the account.
 * The code proved the address, so an unverified account is verified too. The token version goes
 * up: every earlier session ends. The new password is hashed before the code is looked at, so
 * a right code takes no longer than a wrong one, and no row lock is held while hashing.
 */
export async function resetPassword(db: Db, input: PasswordReset, now: Date): Promise<UserRow> {
  checkNewPassword(input.newPassword, input.confirmPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const user = await runTransaction(db, async (tx) => {
    const account = await tx.selectFrom('users').selectAll().where(accountNamed(input.usernameOrEmail)).forUpdate().executeTakeFirst();
    if (!account?.reset_code || account.reset_failed_tries >= OTP_MAX_FAILED_TRIES) return null;
    if (!account.reset_expires_at || account.reset_expires_at.getTime() < now.getTime()) return null;
    if (account.reset_code !== input.code) {
      await tx.updateTable('users').set({ reset_failed_tries: account.reset_failed_tries + 1 }).where('id', '=', account.id).execute();
      return null;
    }
    return tx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        reset_code: null,
        reset_expires_at: null,
        reset_failed_tries: 0,
        is_verified: true,
        otp_code: null,
        otp_expires_at: null,
        otp_failed_tries: 0,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!user) throw rejected(INVALID_RESET_CODE);
  return user;
}

/**
 * The signed-in account's new password, given its current one. The token version goes up, which
 * ends every session issued before (the caller's own included: the handler issues a new token).
 * A concurrent change of the same password wins once: the update requires the hash just checked.
 */
export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; newPassword: string; confirmPassword: string },
): Promise<UserRow> {
  const account = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!account) throw unauthenticated('Unauthorized');
  if (!(await passwordMatches(account.password_hash, input.currentPassword))) throw rejected('Current password is incorrect');
  checkNewPassword(input.newPassword, input.confirmPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .where('password_hash', '=', account.password_hash)
    .returningAll()
    .executeTakeFirst();
  if (!user) throw rejected('Current password is incorrect');
  return user;
}
