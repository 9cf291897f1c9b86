// auth: registration, e-mail verification, sign-in, and the password (forgotten or changed).
import type { UserRow } from '../../db/schema.js';
import type { Handler } from '../../shared/handler.js';
import type { Services } from '../../shared/services.js';
import { userView } from '../users/index.js';
import {
  PASSWORD_RESET_REQUESTED,
  changePassword as changeOwnPassword,
  register,
  requestPasswordReset as requestReset,
  resendCode,
  resetPassword as resetWithCode,
  signIn,
  verifyEmail,
} from './rules.js';

/** A token carrying the account's current version: the one a later password change ends. */
const tokenFor = (services: Services, user: UserRow) => services.tokens.issue({ ...user, version: user.token_version });

export const registerUser: Handler<'registerUser'> = async ({ body, services }) => {
  const { user, mailId } = await register(services.db, body, services.clock.now());
  await services.mail.deliver([mailId]);
  return { status: 'success', message: 'User registered successfully', statusCode: 200, user: userView(user) };
};

export const loginUser: Handler<'loginUser'> = async ({ body, services }) => {
  const user = await signIn(services.db, body.username, body.password);
  const token = await tokenFor(services, user);
  return { status: 'success', message: 'Login successful', statusCode: 200, token, user: userView(user) };
};

export const verifyEmailCode: Handler<'verifyEmail'> = async ({ body, services }) => {
  await verifyEmail(services.db, body.Id, body.VerificationCode, services.clock.now());
  return { status: 'success', message: 'User verified successfully', statusCode: 200 };
};

export const resendVerificationCode: Handler<'resendVerificationCode'> = async ({ body, services }) => {
  const { user, mailId } = await resendCode(services.db, body.username, body.password, services.clock.now());
  await services.mail.deliver([mailId]);
  return { status: 'success', message: 'A new verification code has been sent to your e-mail', statusCode: 200, user: userView(user) };
};

export const requestPasswordReset: Handler<'requestPasswordReset'> = async ({ body, services }) => {
  const mailId = await requestReset(services.db, body.usernameOrEmail, services.clock.now());
  // Over SMTP `deliver` does not wait for the mail server (the answer would otherwise take longer
  // only when an account matched, and tell so); it waits only for the in-process dev outbox.
  if (mailId) await services.mail.deliver([mailId]);
  return { status: 'success', message: PASSWORD_RESET_REQUESTED, statusCode: 200 };
};

export const resetPassword: Handler<'resetPassword'> = async ({ body, services }) => {
  const user = await resetWithCode(services.db, body, services.clock.now());
  await services.callers.forget(user.id);
  return { status: 'success', message: 'Password reset successfully. You can sign in now.', statusCode: 200, username: user.username };
};

export const changePassword: Handler<'changePassword'> = async ({ body, caller, services }) => {
  const user = await changeOwnPassword(services.db, caller().id, body);
  await services.callers.forget(user.id);
  return { status: 'success', message: 'Password changed successfully', statusCode: 200, token: await tokenFor(services, user), user: userView(user) };
};
