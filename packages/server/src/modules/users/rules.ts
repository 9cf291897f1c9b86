// Accounts as the Admin sees them: one account, the pages of customers and staff, role changes.
import { sql } from 'kysely';
import type { Role, UserRow } from '../../db/schema.js';
import { logActivity } from '../../shared/activity-log.js';
import type { Db, Tx } from '../../shared/context.js';
import { invalid, notFound } from '../../shared/errors.js';
import { escapeLike } from '../../shared/wire.js';

export const findUser = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Admin's role change: to Staff or back to User. An Admin's own role is not changed here. */
export async function changeRole(tx: Tx, id: string, role: Role, by: { actor: { id: string; username: string }; now: Date }): Promise<'changed' | 'admin'> {
  if (role !== 'Staff' && role !== 'User') throw invalid('body', 'The role must be "Staff" or "User"');
  const user = await tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!user) throw notFound('User not found');
  if (user.role === 'Admin') return 'admin';
  await tx.updateTable('users').set({ role }).where('id', '=', id).execute();
  await logActivity(tx, { actor: by.actor, kind: 'user.role', target: { id, label: user.username }, before: { role: user.role }, after: { role }, at: by.now });
  return 'changed';
}

export interface UserPageQuery {
  role: Role;
  page: number;
  pageSize: number;
  search?: string | undefined;
}

export async function listUsers(db: Db, query: UserPageQuery): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users').where('role', '=', query.role);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    base = base.where((eb) => eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= Number(total)) return { rows: [], total: Number(total) };
  const rows = await base.selectAll().orderBy('created_at').orderBy('id').limit(query.pageSize).offset(offset).execute();
  return { rows, total: Number(total) };
}
