import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../lib/cx';
import styles from './drawer.module.css';
import { trapTab, useModalFocus } from './focus';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Side it slides in from (default right). */
  side?: 'left' | 'right';
  children?: ReactNode;
  className?: string;
}

/** A modal side sheet (user panel, mobile navigation) with the same focus rules as Dialog. */
export function Drawer(props: DrawerProps) {
  if (!props.open) return null;
  return createPortal(<DrawerSurface {...props} />, document.body);
}

function DrawerSurface({ onClose, title, side = 'right', children, className }: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useModalFocus(panelRef, { preferred: bodyRef });

  return (
    <>
      <div className={styles.backdrop} onMouseDown={() => onCloseRef.current()} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(styles.drawer, styles[side], className)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCloseRef.current();
            return;
          }
          if (panelRef.current) trapTab(event, panelRef.current);
        }}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <IconButton aria-label="Close" icon={<CloseIcon size={18} />} size="sm" onClick={() => onCloseRef.current()} />
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
      </div>
    </>
  );
}
