import { useId } from 'react';
import styles from './reports.module.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * Columns over time in plain SVG (one per day, heights to the largest), drawn for the eye; the
 * figures themselves are in the table that follows it, for screen readers and for reading.
 */
export function ColumnChart({ bars, caption, format, firstLabel, lastLabel }: { bars: readonly Bar[]; caption: string; format: (value: number) => string; firstLabel: string; lastLabel: string }) {
  const captionId = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <figure className={styles.chart} aria-labelledby={captionId}>
      <figcaption id={captionId} className="visually-hidden">
        {caption}
      </figcaption>
      <svg className={styles.columns} style={{ maxWidth: `${bars.length * 4}rem` }} viewBox={`0 0 ${bars.length * 10} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1="0" y1="99.5" x2={bars.length * 10} y2="99.5" className={styles.axis} />
        {bars.map((bar, i) => {
          const height = max > 0 ? (bar.value / max) * 96 : 0;
          return (
            <rect key={bar.key} x={i * 10 + 1.5} width="7" y={100 - height} height={height} className={styles.column}>
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className={styles.columnEnds} aria-hidden="true">
        <span>{firstLabel}</span>
        {lastLabel !== firstLabel ? <span>{lastLabel}</span> : null}
      </div>
    </figure>
  );
}

/** Horizontal bars in plain SVG, one row each, widths to the largest; the label and figure are text beside it. */
export function BarList({ bars, caption, format }: { bars: readonly Bar[]; caption: string; format: (value: number) => string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul className={styles.barList} aria-label={caption}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.barRow}>
          <span className={styles.barLabel}>{bar.label}</span>
          <svg className={styles.barTrack} viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect x="0" y="0" height="10" width={max > 0 ? Math.max(0.5, (bar.value / max) * 100) : 0} className={styles.bar} />
          </svg>
          <span className={styles.barValue}>{format(bar.value)}</span>
        </li>
      ))}
    </ul>
  );
}
