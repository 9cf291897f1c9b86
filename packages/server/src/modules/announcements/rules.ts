// Announcement banners: the Admin's list, and the one showing now.
import { randomUUID } from 'node:crypto';
import type { AnnouncementRow } from '../../db/schema.js';
import type { Db } from '../../shared/context.js';
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

export async function createAnnouncement(db: Db, input: AnnouncementInput, now: Date): Promise<AnnouncementRow> {
  return db
    .insertInto('announcements')
    .values({ ...announcementColumns(input), id: randomUUID(), created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAnnouncement(db: Db, id: string, input: AnnouncementInput): Promise<AnnouncementRow> {
  const columns = announcementColumns(input);
  const row = await db.updateTable('announcements').set(columns).where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) throw notFound('Announcement not found');
  return row;
}

export async function deleteAnnouncement(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Announcement not found');
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
