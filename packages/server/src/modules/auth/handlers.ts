// auth: registration, e-mail verification, sign-in.
import type { Handler } from '../../shared/handler.js';
import { userView } from '../users/index.js';
import { register, signIn, verifyEmail } from './rules.js';

export const registerUser: Handler<'registerUser'> = async ({ body, services }) => {
  const { user, mail } = await register(services.db, body, services.clock.now());
  await services.mailer.send(mail);
  return { status: 'success', message: 'User registered successfully', statusCode: 200, user: userView(user) };
};

export const loginUser: Handler<'loginUser'> = async ({ body, services }) => {
  const user = await signIn(services.db, body.username, body.password);
  const token = await services.tokens.issue(user);
  return { status: 'success', message: 'Login successful', statusCode: 200, token, user: userView(user) };
};

export const verifyEmailCode: Handler<'verifyEmail'> = async ({ body, services }) => {
  await verifyEmail(services.db, body.Id, body.VerificationCode, services.clock.now());
  return { status: 'success', message: 'User verified successfully', statusCode: 200 };
};
