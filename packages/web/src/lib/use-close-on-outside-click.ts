import { type RefObject, useEffect } from 'react';

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
