import { act, render } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTop } from './use-scroll-to-top';

type Navigate = ReturnType<typeof useNavigate>;
function Page({ onNavigate }: { onNavigate: (navigate: Navigate) => void }) {
  useScrollToTop();
  const navigate = useNavigate();
  useEffect(() => {
    onNavigate(navigate);
  }, [navigate, onNavigate]);
  return null;
}

describe('useScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves a page just loaded where it is, and scrolls up when the path changes, even back to a path seen before', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let navigate: Navigate = () => {};
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/bookDetails/1']}>
          <Page
            onNavigate={(n) => {
              navigate = n;
            }}
          />
        </MemoryRouter>
      </StrictMode>,
    );
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => void navigate('/bookDetails/1?tab=reviews'));
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => void navigate('/cart'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => void navigate('/bookDetails/1'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
