import { useEffect } from 'react';

/**
 * Keeps the clicks made on a page the server sent before the app has taken it over, and gives
 * them back once it has.
 *
 * Until React hydrates the page, its buttons are markup with no handler: a click there would
 * do nothing (or follow a link with a full page load). React hydrates only once the page's
 * module is in (main.tsx), so a quick visitor, or a slow phone, can click first. Those clicks
 * are held (their default action too) and replayed on the same elements, which hydration
 * keeps, once the app is there (ReplayHeldClicks): the visitor's click is answered late,
 * never lost.
 */
export function holdClicks(root: HTMLElement): () => void {
  const held: { target: Element; init: MouseEventInit }[] = [];
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { view, clientX, clientY, screenX, screenY, button, buttons, detail, altKey, ctrlKey, metaKey, shiftKey } = event;
    held.push({
      target: event.target,
      init: { bubbles: true, cancelable: true, composed: true, view, clientX, clientY, screenX, screenY, button, buttons, detail, altKey, ctrlKey, metaKey, shiftKey },
    });
  };
  root.addEventListener('click', hold, true);
  return () => {
    root.removeEventListener('click', hold, true);
    // The same click on the same node (an icon inside a button included); a dispatched click
    // still follows a link or ticks a box.
    for (const { target, init } of held.splice(0)) {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', init));
    }
  };
}

/**
 * Renders nothing; gives the held clicks back once the app has taken the page over. Its effect
 * runs with hydration's other effects, among them useSession's switch from the guest the page
 * was sent for to the stored session, which React renders before the next task: a click
 * replayed a task later reaches the visitor's own page (a signed-in customer's Submit Review,
 * not a guest's sign-in prompt).
 */
export function ReplayHeldClicks({ replay }: { replay: () => void }) {
  useEffect(() => {
    const timer = setTimeout(replay, 0);
    return () => clearTimeout(timer);
  }, [replay]);
  return null;
}
