// Public surface of the announcements feature: the storefront banner (in the public layout)
// the presentational view the banner editor previews, and the banner a served page carries.
export { type ActiveBanner, AnnouncementBanner, AnnouncementBannerView } from './announcement-banner';
export { announcementKeys } from './query-keys';
export { pageBannerFallback } from './page-banner';
