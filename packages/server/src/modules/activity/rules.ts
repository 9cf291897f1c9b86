// The activity log as the Admin reads it: filtered and paged, newest first. Only reads: the log
// is written by shared/activity-log.ts in each change's transaction and never edited or deleted.
import { sql } from 'kysely';
import type { ActivityRow } from '../../db/schema.js';
import type { Db } from '../../shared/context.js';
import { invalid } from '../../shared/errors.js';
import { escapeLike, parseInstant } from '../../shared/wire.js';

export interface ActivityQuery {
  page: number;
  pageSize: number;
  actor?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function listActivity(db: Db, query: ActivityQuery): Promise<{ rows: ActivityRow[]; total: number }> {
  let base = db.selectFrom('activity_log');
  const actor = query.actor?.trim();
  if (actor) base = base.where(sql`lower(actor_username)`, 'like', `%${escapeLike(actor.toLowerCase())}%`);
  if (query.kind) base = base.where('kind', '=', query.kind);
  const from = query.from ? parseInstant(query.from, 'from') : null;
  const to = query.to ? parseInstant(query.to, 'to') : null;
  if (from && to && from.getTime() > to.getTime()) throw invalid('to', 'to must not be before from');
  if (from) base = base.where('at', '>=', from);
  if (to) base = base.where('at', '<', to);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= Number(total)) return { rows: [], total: Number(total) };
  const rows = await base.selectAll().orderBy('at', 'desc').orderBy('seq', 'desc').limit(query.pageSize).offset(offset).execute();
  return { rows, total: Number(total) };
}
