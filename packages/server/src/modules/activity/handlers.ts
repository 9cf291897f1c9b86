// activity: the Admin's read of the activity log. No handler here writes it.
import type { Handler } from '../../shared/handler.js';
import { iso, pageReply, type Schemas } from '../../shared/wire.js';
import { listActivity as listActivityRule } from './rules.js';

export const listActivity: Handler<'listActivity'> = async ({ query, services }) => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await listActivityRule(services.db, { ...query, page, pageSize });
  return pageReply(
    page,
    pageSize,
    total,
    rows.map((row) => ({
      activityId: row.id,
      at: iso(row.at),
      actorId: row.actor_id,
      actorUsername: row.actor_username,
      kind: row.kind as Schemas['ActivityKind'],
      targetId: row.target_id,
      targetLabel: row.target_label,
      before: row.before as Schemas['ActivityFields'],
      after: row.after as Schemas['ActivityFields'],
    })),
  );
};
