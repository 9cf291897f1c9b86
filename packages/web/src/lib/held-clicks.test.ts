import { describe, expect, it, vi } from 'vitest';
import { holdClicks } from './held-clicks';

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
