import type { components } from '../generated/schema.js';
import type {
  ActiveAnnouncement, Announcement, AnnouncementEnvelope, AnnouncementInput, MessageEnvelope, RequestOptions,
} from '../types.js';
import { init, iso, unwrap, type RawClient } from './call.js';

/** Storefront banners. */
export interface AnnouncementsApi {
  /** `getActiveAnnouncement` — public; `{active:false}` when no banner runs now. */
  active(options?: RequestOptions): Promise<ActiveAnnouncement>;
  /** `listAnnouncements` — every banner (Admin). */
  list(options?: RequestOptions): Promise<Announcement[]>;
  /** `createAnnouncement` — sends PascalCase fields, times as ISO (Admin). */
  create(input: AnnouncementInput, options?: RequestOptions): Promise<AnnouncementEnvelope>;
  /** `updateAnnouncement` — same fields as create (Admin). */
  update(id: string, input: AnnouncementInput, options?: RequestOptions): Promise<AnnouncementEnvelope>;
  /**
   * `updateAnnouncement` with the banner's own fields and `isPinned` flipped. The legacy toggle
   * sent a misspelt `IdPinned` and colour objects; this sends the correct shape.
   */
  setPinned(announcement: Announcement, pinned: boolean, options?: RequestOptions): Promise<AnnouncementEnvelope>;
  /** `deleteAnnouncement` (Admin). */
  remove(id: string, options?: RequestOptions): Promise<MessageEnvelope>;
}

export function announcementsApi(raw: RawClient): AnnouncementsApi {
  const update: AnnouncementsApi['update'] = async (id, input, options) =>
    unwrap(raw.PUT('/announcement/update/{id}', { params: { path: { id } }, body: pascal(input), ...init(options) }));
  return {
    active: (options) => unwrap(raw.GET('/announcement/active', init(options))),
    list: async (options) => (await unwrap(raw.GET('/announcement/all', init(options)))).data,
    create: async (input, options) => unwrap(raw.POST('/announcement/addAnnouncement', { body: pascal(input), ...init(options) })),
    update,
    setPinned: ({ announcementId, ...banner }, pinned, options) =>
      update(announcementId, { ...banner, isPinned: pinned }, options),
    remove: (id, options) => unwrap(raw.DELETE('/announcement/delete/{id}', { params: { path: { id } }, ...init(options) })),
  };
}

function pascal(input: AnnouncementInput): components['schemas']['AnnouncementRequest'] {
  return {
    Message: input.message,
    StartTime: iso(input.startTime, 'startTime'),
    EndTime: iso(input.endTime, 'endTime'),
    IsPinned: input.isPinned,
    Color: input.color,
    TextColor: input.textColor,
  };
}
