import { type ButtonHTMLAttributes, type ReactNode, forwardRef } from 'react';
import { cx } from '../lib/cx';
import styles from './button.module.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon-only button needs an accessible name. */
  'aria-label': string;
  icon: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  outlined?: boolean;
  /** Optional overlay, e.g. an unread count badge. */
  children?: ReactNode;
}

export const IconButton = /* @__PURE__ */ forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, size = 'md', outlined = false, className, type = 'button', children, ...rest },
  ref,
) {
  const sizeClass = size === 'sm' ? styles.iconSm : size === 'lg' ? styles.iconLg : styles.iconMd;
  return (
    <button
      ref={ref}
      type={type}
      className={cx(styles.iconButton, sizeClass, outlined && styles.iconOutlined, className)}
      {...rest}
    >
      {icon}
      {children}
    </button>
  );
});
