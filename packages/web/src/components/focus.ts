import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useLayoutEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `root` reachable with Tab, in DOM order (hidden ones skipped where layout tells). */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/** Keeps Tab / Shift+Tab cycling inside `root`. Returns true when it moved focus. */
export function trapTab(event: KeyboardEvent | ReactKeyboardEvent, root: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableWithin(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return true;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/**
 * Modal focus management shared by Dialog and Drawer: on mount, remembers the focused
 * element and moves focus inside `root` (initial target, else the first focusable of
 * `preferred`, else of `root`, else `root`); on unmount, returns focus to the opener.
 * A layout effect: focus and the page's scroll move in the commit that shows or removes the
 * modal. As a passive effect they waited for React's next task, so a modal closed by an
 * answer (not a click) left the page with focus on <body> and its scroll locked until then.
 */
export function useModalFocus(
  root: RefObject<HTMLElement | null>,
  options: { initial?: RefObject<HTMLElement | null>; preferred?: RefObject<HTMLElement | null> } = {},
) {
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { initial, preferred } = optionsRef.current;
    const target =
      initial?.current ??
      (preferred?.current ? focusableWithin(preferred.current)[0] : undefined) ??
      (root.current ? focusableWithin(root.current)[0] : undefined) ??
      root.current;
    target?.focus();

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener && opener.isConnected) opener.focus();
    };
  }, [root]);
}
