/** SWR keys of what the banner admin reads. */
export const bannerKeys = {
  all: ['announcements', 'all'] as const,
};
