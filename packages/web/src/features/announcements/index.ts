// Public surface of the announcements feature: the storefront banner (in the public layout)
// and the presentational view the banner editor previews.
export { type ActiveBanner, AnnouncementBanner, AnnouncementBannerView } from './announcement-banner';
export { announcementKeys } from './query-keys';
