// No React here: the boot script (src/boot.ts) holds clicks before the app's code is loaded.

/**
 * Keeps the clicks made on a page the server sent before the app has taken it over, and gives
 * them back once it has.
 *
 * Until React hydrates the page, its buttons are markup with no handler: a click there would
 * do nothing (or follow a link with a full page load). React hydrates only once the app's
 * entry and the page's module are in (boot.ts, main.tsx), so a quick visitor, or a slow phone, can click first. Those clicks
 * are held (their default action too) and replayed once the page is the app's
 * (ReplayHeldClicks): the visitor's click is answered late, never lost.
 *
 * A click is replayed on the node it landed on. If that node is gone by then, it goes to the
 * control (button, link, field...) the node was in: the same one if it is still there (the
 * signed-in visitor's avatar replaced the guest's icon inside the account button), else the one
 * now in its place if it is the same control (same tag, same name), as when React renders afresh
 * a part that changed before it was hydrated. Never to another control.
 *
 * What is typed meanwhile is kept too. The field shows it, but React hydrates a field with the
 * state it rendered (empty) and does not read what the field holds: the next render of that
 * field (the books page re-renders as its list revalidates) wiped a search or a review being
 * written. So the last text typed into each field is given back with the clicks, as an input
 * event React reads: the field's state becomes what the visitor typed.
 */
export function holdClicks(root: HTMLElement): () => void {
  const held: { target: Element; control: Element | null; path: number[]; init: MouseEventInit }[] = [];
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { view, clientX, clientY, screenX, screenY, button, buttons, detail, altKey, ctrlKey, metaKey, shiftKey } = event;
    const control = event.target.closest(CONTROL);
    held.push({
      target: event.target,
      control,
      path: control ? pathFrom(root, control) : [],
      init: { bubbles: true, cancelable: true, composed: true, view, clientX, clientY, screenX, screenY, button, buttons, detail, altKey, ctrlKey, metaKey, shiftKey },
    });
  };
  const typed = new Map<Field, { value: string; path: number[] }>();
  const keep = (event: Event) => {
    const field = event.target;
    if (isField(field) && root.contains(field)) typed.set(field, { value: field.value, path: pathFrom(root, field) });
  };
  // On the window, where an event starts, not on `root`: React listens on every element it has
  // put a portal in (a dialog or the phone menu, in <body>), and once it has, its listener there
  // stops a click on a part it has not hydrated yet before the click could reach `root`.
  const view = root.ownerDocument.defaultView ?? window;
  view.addEventListener('click', hold, true);
  view.addEventListener('input', keep, true);
  view.addEventListener('change', keep, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    view.removeEventListener('click', hold, true);
    view.removeEventListener('input', keep, true);
    view.removeEventListener('change', keep, true);
    // Typed text first: a held click may be the form's submit.
    for (const [field, { value, path }] of typed) {
      const node = field.isConnected ? field : sameControl(field, follow(root, path));
      if (isField(node)) giveBack(node, value);
    }
    typed.clear();
    // The same click (a dispatched click still follows a link or ticks a box), on the node it
    // landed on, else on its control (see above).
    for (const { target, control, path, init } of held.splice(0)) {
      const node = target.isConnected
        ? target
        : control && (control.isConnected ? control : (sameControl(control, follow(root, path)) ?? sameControl(control, pointed(init))));
      node?.dispatchEvent(new MouseEvent('click', init));
    }
  };
}

/** The child indexes from `root` down to `node`. */
function pathFrom(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let el: Element = node; el !== root && el.parentElement; el = el.parentElement) {
    path.unshift(Array.prototype.indexOf.call(el.parentElement.children, el));
  }
  return path;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose text a visitor types or picks (boxes and radios are clicks: held as such). */
function isField(node: unknown): node is Field {
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return true;
  return node instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'hidden'].includes(node.type);
}

/**
 * Puts `value` into the field as typing would, so that React's onChange reads it. React keeps
 * the last value it saw through the field's own `value` setter and fires onChange only when an
 * input event finds the field holding another: so the field is set through that setter to
 * something else first, then to `value` through the element's prototype (which React does not
 * watch), then told (the same steps as Testing Library's fireEvent.change).
 */
function giveBack(field: Field, value: string) {
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function follow(root: Element, path: number[]): Element | undefined {
  let el: Element | undefined = root;
  for (const index of path) el = el?.children[index];
  return el;
}

/** The node under the click's point, where the browser can tell (jsdom cannot). */
function pointed({ clientX = 0, clientY = 0 }: MouseEventInit): Element | undefined {
  return typeof document.elementFromPoint === 'function' ? (document.elementFromPoint(clientX, clientY) ?? undefined) : undefined;
}

/** What a visitor clicks on purpose (not a region a click merely falls in, such as <main>). */
const CONTROL = [
  'a[href]', 'button', 'input', 'select', 'textarea', 'label', 'summary',
  ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option'].map((role) => `[role="${role}"]`),
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** A control as a visitor knows it: what it is and its name. */
const identity = (control: Element) =>
  `${control.tagName}|${control.getAttribute('role') ?? ''}|${control.getAttribute('name') ?? ''}|${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim()}`;

/** The control `node` is in, if it is the same control as `original`. */
function sameControl(original: Element, node: Element | undefined): Element | undefined {
  const control = node?.closest(CONTROL);
  return control?.isConnected && identity(control) === identity(original) ? control : undefined;
}
