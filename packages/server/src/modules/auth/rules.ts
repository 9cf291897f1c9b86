// Accounts: registration with an e-mailed one-time code, verification, sign-in.
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { burnPasswordCheck, hashPassword, passwordMatches } from '../../auth/passwords.js';
import type { Role, UserRow } from '../../db/schema.js';
import type { Mail } from '../../mail/mailer.js';
import type { Db } from '../../shared/context.js';
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
 * verified takes that account over with the new name and password and sends a new code.
 */
export async function register(db: Db, input: Registration, now: Date): Promise<{ user: UserRow; mail: Mail }> {
  const username = normalizeUsername(input.username);
  const email = input.email.trim();
  if (!username) throw rejected('Username is required');
  if (UNSEEN_IN_USERNAME.test(username)) throw rejected('Username must not contain invisible or control characters');
  if (input.password !== input.confirmPassword) throw rejected('Passwords do not match');
  if (input.password.length < MIN_PASSWORD_LENGTH) throw rejected(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (!/\S/u.test(input.password)) throw rejected('Password must contain a character other than a space');
  const passwordHash = await hashPassword(input.password);
  const code = newOtp();
  const expires = new Date(now.getTime() + OTP_LIFETIME_MS);

  try {
    const user = await db.transaction().execute(async (tx) => {
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
    });
    return { user, mail: otpMail(user, code) };
  } catch (error) {
    throw isUniqueViolationRefusal(error, 'Username is already taken');
  }
}

/** Checks the one-time code: 15 minutes, 5 wrong tries, then it is spent. */
export async function verifyEmail(db: Db, id: string, code: string, now: Date): Promise<void> {
  const outcome = await db.transaction().execute(async (tx) => {
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

/** Sign-in by username. An unverified account is refused only once the password is right. */
export async function signIn(db: Db, username: string, password: string): Promise<UserRow> {
  // The name as typed too: an account registered before names were normalised keeps its spelling.
  const spellings = [...new Set([normalizeUsername(username), username.trim()].map((name) => name.toLowerCase()))];
  const user = await db.selectFrom('users').selectAll().where(sql`lower(username)`, 'in', spellings).executeTakeFirst();
  if (!user) {
    await burnPasswordCheck(password);
    throw unauthenticated('Invalid username or password');
  }
  if (!(await passwordMatches(user.password_hash, password))) throw unauthenticated('Invalid username or password');
  if (!user.is_verified) throw unauthenticated('Please Verify user Account !');
  return user;
}
