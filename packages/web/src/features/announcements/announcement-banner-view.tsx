import { type ActiveAnnouncement } from '@pustak/sdk';
import { COUNTDOWN_TICK_MS, bannerCountdown, bannerStyle, farEndText } from '@pustak/sdk/domain';
import { Link } from '../../components/link';
import { useNow } from '../../lib/use-now';
import styles from './announcement-banner.module.css';

export type ActiveBanner = Extract<ActiveAnnouncement, { active: true }>;

/**
 * Presentational banner in the palette colours of the announcement's colour name, or the exact
 * hex of a `bg-[#hex]` / hex text colour (bannerStyle: never any other string from the server),
 * linking to /shop. With a start value it shows when the offer
 * ends: its end date while that is more than a week away, then a days/hours/minutes/seconds
 * countdown ticking every second.
 */
export function AnnouncementBannerView({ announcement }: { announcement: ActiveBanner }) {
  const a = announcement;
  const hasStart = Boolean(a.start);
  const now = useNow(COUNTDOWN_TICK_MS, hasStart);
  const endDate = hasStart ? farEndText(a.end, now) : null;
  const countdown = hasStart && !endDate ? bannerCountdown(a.end, now) : null;
  // A landmark of its own: above the header, the banner would otherwise be the one part of the
  // page a screen reader's landmark list skips (axe: region).
  return (
    <section aria-label="Announcement">
      <Link to="/shop" className={styles.banner} style={bannerStyle(a.color, a.textColor)}>
        <div className={`container ${styles.inner}`}>
          <span className={styles.message}>{a.message}</span>
          {endDate ? <span className={styles.ends}>{endDate}</span> : null}
          {countdown ? (
            <span className={styles.countdown} role="timer" aria-label="Offer ends in">
              <Unit value={countdown.days} label="days" short="d" />
              <Unit value={countdown.hours} label="hours" short="h" />
              <Unit value={countdown.minutes} label="minutes" short="m" />
              <Unit value={countdown.seconds} label="seconds" short="s" />
            </span>
          ) : null}
          <span className={styles.cta}>Shop now</span>
        </div>
      </Link>
    </section>
  );
}

function Unit({ value, label, short }: { value: number; label: string; short: string }) {
  return (
    <span className={styles.unit}>
      {String(value).padStart(2, '0')}
      <span className={styles.unitLabel} aria-hidden="true">
        {short}
      </span>
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

/** For `lazy` (announcement-banner.tsx). */
export default AnnouncementBannerView;
