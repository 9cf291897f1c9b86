// Public surface of the announcements feature: the storefront banner (the public layout
// loads it lazily from its own module) and the presentational view the banner editor previews.
export { type ActiveBanner, AnnouncementBannerView } from './announcement-banner';
export { announcementKeys } from './query-keys';
