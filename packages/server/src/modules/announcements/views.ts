// A banner in the contract's wire shape.
import type { AnnouncementRow } from '../../db/schema.js';
import { iso, type Schemas } from '../../shared/wire.js';

export const announcementView = (row: AnnouncementRow): Schemas['Announcement'] => ({
  announcementId: row.id,
  message: row.message,
  startTime: iso(row.start_time),
  endTime: iso(row.end_time),
  isPinned: row.is_pinned,
  color: row.color as Schemas['BannerBackground'],
  textColor: row.text_color,
});
