import { describe, expect, it, vi } from 'vitest';
import { holdClicks } from './hold-clicks';

function page() {
  const root = document.createElement('div');
  root.innerHTML = '<button type="button"><svg><path d="M0 0"></path></svg> Open</button><a href="#later">Later</a>';
  document.body.append(root);
  return root;
}

describe('holdClicks', () => {
  it('holds the clicks made before the app is there, with their default action, and replays them in order once it is', () => {
    const root = page();
    const replay = holdClicks(root);
    const seen: string[] = [];
    const onButton = (event: MouseEvent) => seen.push(`button via ${(event.target as Element).tagName.toLowerCase()}`);
    const onLink = () => seen.push('link');
    // Handlers that only exist once the app has taken the page over (as React's would).
    root.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true }));
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('a')!.dispatchEvent(linkClick);
    // Held with its default action: the link is not followed yet.
    expect(linkClick.defaultPrevented).toBe(true);
    root.querySelector('button')!.addEventListener('click', onButton);
    root.querySelector('a')!.addEventListener('click', onLink);
    expect(seen).toEqual([]);

    const replayed: MouseEvent[] = [];
    root.addEventListener('click', (event) => replayed.push(event));
    replay();
    expect(seen).toEqual(['button via path', 'link']);
    expect(replayed.map((event) => event.shiftKey)).toEqual([true, false]);
    // The replayed clicks keep their default action (the link is followed now).
    expect(replayed.map((event) => event.defaultPrevented)).toEqual([false, false]);

    // After the replay clicks go straight through.
    root.querySelector('button')!.click();
    expect(seen).toEqual(['button via path', 'link', 'button via button']);
    root.remove();
  });

  it('replays a click on the same control when the part it landed on was rendered afresh meanwhile', () => {
    const root = page();
    const replay = holdClicks(root);
    root.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // React drops the sent markup of a part that changed before it was hydrated and renders it
    // again: the same controls, new nodes.
    root.innerHTML = '<button type="button"><svg><path d="M0 0"></path></svg> Open</button><a href="#later">Later</a>';
    const seen: string[] = [];
    root.querySelector('button')!.addEventListener('click', () => seen.push('open'));
    replay();
    expect(seen).toEqual(['open']);
    root.remove();
  });

  it('replays a click on its button when the icon it landed on was swapped meanwhile', () => {
    const root = page();
    const replay = holdClicks(root);
    root.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // The signed-in visitor's avatar takes the place of the guest's icon.
    const button = root.querySelector('button')!;
    button.querySelector('svg')!.replaceWith(Object.assign(document.createElement('span'), { textContent: 'S' }));
    const onButton = vi.fn();
    button.addEventListener('click', onButton);
    replay();
    expect(onButton).toHaveBeenCalledOnce();
    root.remove();
  });

  it('never replays a click on another control that took the place of the one clicked', () => {
    const root = page();
    const replay = holdClicks(root);
    root.querySelector('button')!.click();
    root.innerHTML = '<button type="button"><svg><path d="M0 0"></path></svg> Delete</button><a href="#later">Later</a>';
    const onButton = vi.fn();
    root.querySelector('button')!.addEventListener('click', onButton);
    replay();
    expect(onButton).not.toHaveBeenCalled();
    root.remove();
  });

  it('drops a click whose element is gone by then', () => {
    const root = page();
    const replay = holdClicks(root);
    const button = root.querySelector('button')!;
    const onButton = vi.fn();
    button.addEventListener('click', onButton);
    button.click();
    button.remove();
    replay();
    expect(onButton).not.toHaveBeenCalled();
    root.remove();
  });
});
