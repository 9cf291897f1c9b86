import { type BannerBackground } from '@pustak/sdk';
import { AnnouncementBannerView } from '../../announcements';
import styles from './admin-banners.module.css';

export interface BannerLook {
  message: string;
  startTime: string | null;
  endTime: string | null;
  color: BannerBackground;
  textColor: string;
}

/**
 * The banner exactly as the storefront draws it above its header (the storefront's own
 * component), made inert so its /shop link cannot be followed from here.
 */
export function BannerPreview({ banner, placeholder = 'Your message appears here' }: { banner: BannerLook; placeholder?: string }) {
  return (
    <div className={styles.previewFrame}>
      <div inert className={styles.previewBanner}>
        <AnnouncementBannerView
          announcement={{
            active: true,
            message: banner.message.trim() || placeholder,
            start: banner.startTime,
            end: banner.endTime ?? '',
            color: banner.color,
            textColor: banner.textColor,
          }}
        />
      </div>
      <div className={styles.previewPage} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
