// users: an account, the pages of customers and staff, and the Admin's role changes.
import { transact } from '../../shared/context.js';
import { forbidden, notFound } from '../../shared/errors.js';
import type { Handler } from '../../shared/handler.js';
import type { Services } from '../../shared/services.js';
import { pageReply } from '../../shared/wire.js';
import { changeRole, findUser, listUsers } from './rules.js';
import { userView } from './views.js';

export const getUserById: Handler<'getUserById'> = async ({ params, caller, services }) => {
  const me = caller();
  // A customer or staff member reads only their own account; someone else's id is not found.
  if (me.role !== 'Admin' && params.id !== me.id) throw notFound('User not found');
  const user = await findUser(services.db, params.id);
  if (!user) throw notFound('User not found');
  return userView(user);
};

export const updateUserRole: Handler<'updateUserRole'> = async ({ caller, params, body, services }) => {
  const by = { actor: caller(), now: services.clock.now() };
  const outcome = await transact(services.db, services.broadcaster, (tx) => changeRole(tx, params.userId, body, by));
  await services.callers.clear();
  if (outcome === 'admin') throw forbidden("An Admin's role is not changed through the API");
  return undefined;
};

const userPage = (role: 'User' | 'Staff'): Handler<'listUsers'> & Handler<'listStaff'> => async ({ query, services }: { query: { page?: number; pageSize?: number; search?: string }; services: Services }) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await listUsers(services.db, { role, page, pageSize, search: query.search });
  return pageReply(page, pageSize, total, rows.map(userView));
};

export const listCustomers = userPage('User');
export const listStaff = userPage('Staff');
