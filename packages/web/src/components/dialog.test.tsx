import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open settings</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Settings" description="Change things">
        <label>
          Name <input />
        </label>
        <button type="button">Save</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal dialog that takes focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('Change things'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(document.activeElement).toBe(input);
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
    // From the first element Shift+Tab wraps to the last.
    close.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
    // From the last element Tab wraps to the first.
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(input);
  });

  it('closes with the X button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('starts on Cancel and reports the choice', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(
      <ConfirmDialog
        open
        title="Delete book"
        message="Are you sure you want to delete this book? This action cannot be undone."
        confirmLabel="Delete"
        danger
        onConfirm={() => calls.push('confirm')}
        onCancel={() => calls.push('cancel')}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete book' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(calls).toEqual(['confirm', 'cancel']);
  });
});

describe('Dialog closed by an answer, not a click', () => {
  it('has given focus back and unlocked the page by the time it is gone from the page', async () => {
    // React's own scheduling, not act(): an update from a fetch's answer is not a discrete
    // event, and its passive effects run in a later task than the commit that removes the dialog.
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      const view = (open: boolean) => (
        <>
          <input aria-label="Search" />
          <Dialog open={open} onClose={() => {}} title="Verify Order">
            <input aria-label="Claim code" />
          </Dialog>
        </>
      );
      const search = () => screen.getByRole('textbox', { name: 'Search' });
      root.render(view(false));
      await waitFor(() => expect(search()).toBeTruthy());
      search().focus();
      root.render(view(true));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Claim code' })));
      // What the page is like in the microtask after the commit that takes the dialog away.
      const atRemoval = new Promise<{ focused: Element | null; overflow: string }>((resolve) => {
        const watch = new MutationObserver(() => {
          if (document.querySelector('[role="dialog"]')) return;
          watch.disconnect();
          resolve({ focused: document.activeElement, overflow: document.body.style.overflow });
        });
        watch.observe(document.body, { childList: true, subtree: true });
      });
      setTimeout(() => root.render(view(false)));
      expect(await atRemoval).toEqual({ focused: search(), overflow: '' });
    } finally {
      root.unmount();
      container.remove();
      reactAct.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });
});
