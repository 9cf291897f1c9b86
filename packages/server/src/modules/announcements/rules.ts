// Announcement banners: the Admin's list, and the one showing now.
import { randomUUID } from 'node:crypto';
import type { AnnouncementRow } from '../../db/schema.js';
import { changedFields, logActivity } from '../../shared/activity-log.js';
import type { Db, Tx } from '../../shared/context.js';
import { notFound, rejected } from '../../shared/errors.js';
import { parseInstant } from '../../shared/wire.js';
import { storedBannerColors } from './banner-colors.js';

export interface AnnouncementInput {
  Message: string;
  StartTime: string;
  EndTime: string;
  IsPinned: boolean;
  Color: string;
  TextColor: string;
}

function announcementColumns(input: AnnouncementInput) {
  const message = input.Message.trim();
  if (!message) throw rejected('Message is required');
  const start = parseInstant(input.StartTime, 'StartTime');
  const end = parseInstant(input.EndTime, 'EndTime');
  return { message, start_time: start, end_time: end, is_pinned: input.IsPinned, ...storedBannerColors(input) };
}

/** Who changes the banners, and when: the activity log's actor and instant. */
export interface BannerChange {
  actor: { id: string; username: string };
  now: Date;
}

/** A banner's fields in the contract's names, as the activity log records them. */
const bannerFields = (row: Omit<AnnouncementRow, 'id' | 'created_at'>) => ({
  message: row.message,
  startTime: row.start_time.toISOString(),
  endTime: row.end_time.toISOString(),
  isPinned: row.is_pinned,
  color: row.color,
  textColor: row.text_color,
});

export async function createAnnouncement(tx: Tx, input: AnnouncementInput, { actor, now }: BannerChange): Promise<AnnouncementRow> {
  const row = await tx
    .insertInto('announcements')
    .values({ ...announcementColumns(input), id: randomUUID(), created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await logActivity(tx, { actor, kind: 'banner.created', target: { id: row.id, label: row.message }, before: null, after: bannerFields(row), at: now });
  return row;
}

export async function updateAnnouncement(tx: Tx, id: string, input: AnnouncementInput, { actor, now }: BannerChange): Promise<AnnouncementRow> {
  const columns = announcementColumns(input);
  const existing = await tx.selectFrom('announcements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!existing) throw notFound('Announcement not found');
  const row = await tx.updateTable('announcements').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  const changed = changedFields(bannerFields(existing), bannerFields(row));
  await logActivity(tx, { actor, kind: 'banner.updated', target: { id, label: row.message }, ...changed, at: now });
  return row;
}

export async function deleteAnnouncement(tx: Tx, id: string, { actor, now }: BannerChange): Promise<void> {
  const deleted = await tx.deleteFrom('announcements').where('id', '=', id).returningAll().executeTakeFirst();
  if (!deleted) throw notFound('Announcement not found');
  await logActivity(tx, { actor, kind: 'banner.deleted', target: { id, label: deleted.message }, before: bannerFields(deleted), after: null, at: now });
}

export const allAnnouncements = (db: Db) => db.selectFrom('announcements').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();

/** The newest pinned announcement whose window contains now. */
export function activeAnnouncement(db: Db, now: Date) {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('is_pinned', '=', true)
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}
