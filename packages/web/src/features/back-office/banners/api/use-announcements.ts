import { useAnnouncements as useAnnouncementsRead } from '@pustak/sdk/swr';

/** Every banner (`GET /announcement/all`). */
export const useAnnouncements = () => useAnnouncementsRead();
