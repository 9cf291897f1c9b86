import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toaster';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Added to Cart')}>ok</button>
      <button onClick={() => toast.error('Failed to Add')}>fail</button>
    </>
  );
}

describe('Toaster', () => {
  it('stacks toasts with status/alert roles and dismisses them automatically', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.getByRole('status').textContent).toContain('Added to Cart');
    expect(screen.getByRole('alert').textContent).toContain('Failed to Add');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText('Added to Cart')).toBeNull();
    expect(screen.getByText('Failed to Add')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Failed to Add')).toBeNull();
  });
});
