// auth and users: registration, e-mail verification, sign-in, profiles and roles.
import { changeRole, findUser, listUsers, register, signIn, verifyEmail } from '../domain/accounts.js';
import { forbidden, notFound } from '../domain/errors.js';
import type { Services } from '../services.js';
import type { Handler } from './types.js';
import { userView } from './views.js';

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

export const getUserById: Handler<'getUserById'> = async ({ params, caller, services }) => {
  const me = caller();
  // A customer or staff member reads only their own account; someone else's id is not found.
  if (me.role !== 'Admin' && params.id !== me.id) throw notFound('User not found');
  const user = await findUser(services.db, params.id);
  if (!user) throw notFound('User not found');
  return userView(user);
};

export const updateUserRole: Handler<'updateUserRole'> = async ({ params, body, services }) => {
  const outcome = await changeRole(services.db, params.userId, body);
  await services.callers.clear();
  if (outcome === 'admin') throw forbidden("An Admin's role is not changed through the API");
  return undefined;
};

const userPage = (role: 'User' | 'Staff'): Handler<'listUsers'> & Handler<'listStaff'> => async ({ query, services }: { query: { page?: number; pageSize?: number; search?: string }; services: Services }) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await listUsers(services.db, { role, page, pageSize, search: query.search });
  return { status: 'success', currentPage: page, pageSize, totalCount: total, totalPages: Math.ceil(total / pageSize), data: rows.map(userView) };
};

export const listCustomers = userPage('User');
export const listStaff = userPage('Staff');
