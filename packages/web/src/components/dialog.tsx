import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../lib/cx';
import styles from './dialog.module.css';
import { trapTab, useModalFocus } from './focus';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Element to focus when opening; default: the first focusable element in the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Hide the X button (a footer button must close it then). */
  hideCloseButton?: boolean;
  /** Clicking the backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
  className?: string;
}

/**
 * Accessible modal without HTMLDialogElement (jsdom lacks showModal): role=dialog,
 * aria-modal, labelled by its title; focus moves in, Tab stays inside, Escape closes and
 * focus returns to whatever had it before opening.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogSurface {...props} />, document.body);
}

function DialogSurface({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  role = 'dialog',
  hideCloseButton = false,
  closeOnBackdrop = true,
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useModalFocus(dialogRef, { initial: initialFocusRef, preferred: bodyRef });

  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(styles.dialog, styles[size], className)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCloseRef.current();
            return;
          }
          if (dialogRef.current) trapTab(event, dialogRef.current);
        }}
      >
        <div className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          {hideCloseButton ? null : (
            <IconButton
              aria-label="Close"
              icon={<CloseIcon size={18} />}
              size="sm"
              className={styles.close}
              onClick={() => onCloseRef.current()}
            />
          )}
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>
  );
}
