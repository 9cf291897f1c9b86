import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazy } from './lazy';

const Hello = () => <p>Hello</p>;

describe('lazy', () => {
  it('shows the fallback while a module loads, then the component', async () => {
    const Late = lazy(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Late />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello')).toBeTruthy();
  });

  it('renders a module loaded ahead (preload) in its first render, with no fallback', async () => {
    let loads = 0;
    const Early = lazy(() => {
      loads += 1;
      return Promise.resolve({ default: Hello });
    });
    await Early.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Early />
      </Suspense>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });
});
