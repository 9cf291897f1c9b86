import { type ActiveAnnouncement } from '@pustak/sdk';
import { COUNTDOWN_TICK_MS, bannerColorOption, bannerCountdown } from '@pustak/sdk/domain';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { useNow } from '../../lib/use-now';
import { useActiveAnnouncement } from './api/use-active-announcement';
import styles from './announcement-banner.module.css';

/**
 * The promotional banner above the header: shown only while an announcement is active.
 * `onSettled` runs once it is known whether the banner shows, before that state is painted,
 * so the layout can keep the page unpainted until then and the banner never pushes it down.
 */
export function AnnouncementBanner({ onSettled }: { onSettled?: () => void }) {
  const { data, error } = useActiveAnnouncement();
  const settled = data !== undefined || error !== undefined;
  useLayoutEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  if (!data || !data.active) return null;
  return <AnnouncementBannerView announcement={data} />;
}

export type ActiveBanner = Extract<ActiveAnnouncement, { active: true }>;

/**
 * Presentational banner in the announcement's own colours, linking to /shop. With a start
 * value it shows a days/hours/minutes/seconds countdown to the end, ticking every second.
 */
export function AnnouncementBannerView({ announcement }: { announcement: ActiveBanner }) {
  const a = announcement;
  const hasStart = Boolean(a.start);
  const now = useNow(COUNTDOWN_TICK_MS, hasStart);
  const countdown = hasStart ? bannerCountdown(a.end, now) : null;
  return (
    <Link
      to="/shop"
      className={styles.banner}
      style={{ background: bannerColorOption(a.color).color, color: a.textColor || '#ffffff' }}
    >
      <div className={`container ${styles.inner}`}>
        <span className={styles.message}>{a.message}</span>
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
