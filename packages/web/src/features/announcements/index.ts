// Public surface of the announcements feature: the storefront banner (in the public layout)
// the presentational view the banner editor previews, and the banner a served page carries.
export { AnnouncementBanner } from './announcement-banner';
export { type ActiveBanner, AnnouncementBannerView } from './announcement-banner-view';
export { announcementKeys } from './query-keys';
export { pageBannerFallback } from './page-banner';
