import { type KeyboardEvent, type RefObject, useCallback, useEffect } from 'react';

/** While `open`, a mouse press outside `ref`'s element closes it (`setOpen(false)`): menus and popovers. */
export function useCloseOnOutsideClick(ref: RefObject<HTMLElement | null>, open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [ref, open, setOpen]);
}

/** A popover wrapper's keydown handler: Escape closes it and puts focus back on its button. */
export function useCloseOnEscape(open: boolean, setOpen: (open: boolean) => void, buttonRef: RefObject<HTMLElement | null>) {
  return useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) {
        setOpen(false);
        buttonRef.current?.focus();
      }
    },
    [open, setOpen, buttonRef],
  );
}
