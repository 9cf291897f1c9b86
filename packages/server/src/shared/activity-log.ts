// The activity log's writer (issue 30, part 2): every module that changes something on a staff
// member's or admin's behalf calls it with the transaction of that change, so the entry commits
// with the change or not at all. It only inserts: nothing in the server updates or deletes a row
// of activity_log. In shared/ so every module may import it (eslint.config.js).
import { randomUUID } from 'node:crypto';
import type { ActivityFields } from '../db/schema.js';
import type { Tx } from './context.js';
import type { Schemas } from './wire.js';

export type ActivityKind = Schemas['ActivityKind'];

export interface Activity {
  actor: { id: string; username: string };
  kind: ActivityKind;
  target: { id: string; label: string };
  before: ActivityFields | null;
  after: ActivityFields | null;
  at: Date;
}

/** The fields of `before` and `after` whose values differ: an edit logs what it changed. */
export function changedFields(before: ActivityFields, after: ActivityFields): { before: ActivityFields; after: ActivityFields } {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return { before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
}

// A lone UTF-16 surrogate: JSON.stringify writes it as a \ud800 escape, which jsonb refuses
// (a text column takes it as U+FFFD); here it becomes U+FFFD before it gets there.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const json = (fields: ActivityFields | null) =>
  fields === null ? null : JSON.stringify(fields, (_key, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value));

/** Appends one entry inside the change's own transaction. */
export async function logActivity(tx: Tx, activity: Activity): Promise<void> {
  await tx
    .insertInto('activity_log')
    .values({
      id: randomUUID(),
      at: activity.at,
      actor_id: activity.actor.id,
      actor_username: activity.actor.username,
      kind: activity.kind,
      target_id: activity.target.id,
      target_label: activity.target.label,
      before: json(activity.before),
      after: json(activity.after),
    })
    .execute();
}
