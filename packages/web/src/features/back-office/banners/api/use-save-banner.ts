import { type Announcement, type AnnouncementInput } from '@pustak/sdk';
import { useApiCommand } from '../../../../lib/use-api-command';
import { bannerKeys } from '../query-keys';

// After any banner write the list is read again.
const refresh = () => [bannerKeys.all];

/** Adds a banner (`POST /announcement/addAnnouncement`). */
export const useCreateBanner = () =>
  useApiCommand((api, input: AnnouncementInput) => api.announcements.create(input), refresh);

/** Saves a banner (`PUT /announcement/update/{id}`). */
export const useUpdateBanner = () =>
  useApiCommand((api, id: string, input: AnnouncementInput) => api.announcements.update(id, input), refresh);

/** Pins or unpins a banner (the same update call, with the fields the contract wants). */
export const useSetBannerPinned = () =>
  useApiCommand((api, banner: Announcement, pinned: boolean) => api.announcements.setPinned(banner, pinned), refresh);

/** Deletes a banner (`DELETE /announcement/delete/{id}`). */
export const useDeleteBanner = () =>
  useApiCommand((api, id: string) => api.announcements.remove(id), refresh);
