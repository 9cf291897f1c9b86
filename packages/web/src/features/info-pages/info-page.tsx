import { type ReactNode } from 'react';
import { Card } from '../../components/card';
import styles from './info-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface InfoPoint {
  icon: ReactNode;
  title: string;
  text: string;
}

export interface InfoPageProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Buttons/links under the lead (usually a ButtonLink into /books). */
  actions?: ReactNode;
  icon?: ReactNode;
  points?: InfoPoint[];
  children?: ReactNode;
}

/** Shared layout of the static storefront pages: a hero with the page's h1 and a few cards. */
export function InfoPage({ eyebrow, title, lead, actions, icon, points, children }: InfoPageProps) {
  useDocumentTitle(title);
  return (
    <div className="container">
      <section className={styles.hero} aria-labelledby="info-title">
        <span className={styles.eyebrow}>{eyebrow}</span>
        <h1 id="info-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
        {icon ? (
          <span className={styles.heroIcon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </section>
      {points && points.length > 0 ? (
        <div className={styles.body}>
          {points.map((point) => (
            <Card key={point.title} className={styles.point}>
              <span className={styles.pointIcon} aria-hidden="true">
                {point.icon}
              </span>
              <h2 className={styles.pointTitle}>{point.title}</h2>
              <p className={styles.pointText}>{point.text}</p>
            </Card>
          ))}
        </div>
      ) : null}
      {children ? <div className={styles.content}>{children}</div> : null}
    </div>
  );
}
