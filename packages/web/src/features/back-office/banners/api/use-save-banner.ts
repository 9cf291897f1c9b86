import { type AnnouncementInput } from '@pustak/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../../lib/api-client';
import { bannerKeys } from '../query-keys';

/** After any banner write the list is read again. */
function useRefreshBanners() {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(bannerKeys.all), [mutate]);
}

/** Adds a banner (`POST /announcement/addAnnouncement`). */
export function useCreateBanner() {
  const api = useApi();
  const refresh = useRefreshBanners();
  return useCallback(
    async (input: AnnouncementInput) => {
      const reply = await api.announcements.create(input);
      refresh();
      return reply;
    },
    [api, refresh],
  );
}

/** Saves a banner (`PUT /announcement/update/{id}`). */
export function useUpdateBanner() {
  const api = useApi();
  const refresh = useRefreshBanners();
  return useCallback(
    async (announcementId: string, input: AnnouncementInput) => {
      const reply = await api.announcements.update(announcementId, input);
      refresh();
      return reply;
    },
    [api, refresh],
  );
}

/** Pins or unpins a banner (the same update call, with the fields the contract wants). */
export function useSetBannerPinned() {
  const api = useApi();
  const refresh = useRefreshBanners();
  return useCallback(
    async (banner: Parameters<typeof api.announcements.setPinned>[0], pinned: boolean) => {
      const reply = await api.announcements.setPinned(banner, pinned);
      refresh();
      return reply;
    },
    [api, refresh],
  );
}

/** Deletes a banner (`DELETE /announcement/delete/{id}`). */
export function useDeleteBanner() {
  const api = useApi();
  const refresh = useRefreshBanners();
  return useCallback(
    async (announcementId: string) => {
      const reply = await api.announcements.remove(announcementId);
      refresh();
      return reply;
    },
    [api, refresh],
  );
}
