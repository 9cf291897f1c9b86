// announcements: the banners, the one showing now, and the Admin's writes.
import { cachedActiveAnnouncement as cachedActiveAnnouncementRead, forgetActiveAnnouncement } from '../../read-cache/policy.js';
import { transact } from '../../shared/context.js';
import type { Caller, Handler, Success } from '../../shared/handler.js';
import type { Services } from '../../shared/services.js';
import { activeAnnouncement, allAnnouncements, createAnnouncement as createAnnouncementRule, deleteAnnouncement as deleteAnnouncementRule,
  updateAnnouncement as updateAnnouncementRule } from './rules.js';
import { announcementView } from './views.js';

/** The banner showing now, as GET /announcement/active answers it. */
async function activeAnnouncementAnswer(services: Services): Promise<Success<'getActiveAnnouncement'>> {
  const row = await activeAnnouncement(services.db, services.clock.now());
  if (!row) return { active: false };
  const view = announcementView(row);
  return { active: true, message: view.message, start: view.startTime, end: view.endTime, color: view.color, textColor: view.textColor };
}

export const getActiveAnnouncement: Handler<'getActiveAnnouncement'> = ({ services }) => activeAnnouncementAnswer(services);

/** The active banner for a page of the web app (the server puts it into the pages it renders). */
export const cachedActiveAnnouncement = (services: Services) => cachedActiveAnnouncementRead(services, () => activeAnnouncementAnswer(services));

export const listAnnouncements: Handler<'listAnnouncements'> = async ({ services }) => ({
  status: 'success',
  message: 'Announcements retrieved successfully',
  data: (await allAnnouncements(services.db)).map(announcementView),
});

/** Who is changing the banners, now (the activity log's entry). */
const change = ({ caller, services }: { caller(): Caller; services: Services }) => ({ actor: caller(), now: services.clock.now() });

export const createAnnouncement: Handler<'createAnnouncement'> = async (ctx) => {
  const { body, services } = ctx;
  const row = await transact(services.db, services.broadcaster, (tx) => createAnnouncementRule(tx, body, change(ctx)));
  await forgetActiveAnnouncement(services);
  return { status: 'success', message: 'Announcement created successfully', data: announcementView(row) };
};

export const updateAnnouncement: Handler<'updateAnnouncement'> = async (ctx) => {
  const { params, body, services } = ctx;
  const row = await transact(services.db, services.broadcaster, (tx) => updateAnnouncementRule(tx, params.id, body, change(ctx)));
  await forgetActiveAnnouncement(services);
  return { status: 'success', message: 'Announcement updated successfully', data: announcementView(row) };
};

export const deleteAnnouncement: Handler<'deleteAnnouncement'> = async (ctx) => {
  const { params, services } = ctx;
  await transact(services.db, services.broadcaster, (tx) => deleteAnnouncementRule(tx, params.id, change(ctx)));
  await forgetActiveAnnouncement(services);
  return { status: 'success', message: 'Announcement deleted successfully' };
};
