/** SWR keys of what the announcements feature reads. */
export const announcementKeys = {
  /** The public banner above the storefront header. */
  active: ['announcement', 'active'] as const,
};
