import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink, isActivePath } from './link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<>{ui}<Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('points at the path and navigates in the app with its state, no page load', async () => {
    const user = userEvent.setup();
    renderAt('/', <Link to="/books?genre=Fiction" state={{ from: 'home' }}>Fiction</Link>);
    const link = screen.getByRole('link', { name: 'Fiction' });
    expect(link.getAttribute('href')).toBe('/books?genre=Fiction');
    await user.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/books?genre=Fiction {"from":"home"}');
  });

  it('resolves a relative path against the current one', () => {
    renderAt('/admin/books', <Link to="view/3">View</Link>);
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/admin/books/view/3');
  });

  it('runs its own onClick first, and leaves the click alone when that prevents it', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    renderAt(
      '/',
      <Link to="/cart" onClick={(event) => { seen.push('clicked'); event.preventDefault(); }}>Cart</Link>,
    );
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(seen).toEqual(['clicked']);
    expect(screen.getByTestId('where').textContent).toBe('/ null');
  });

  it('leaves a ctrl-click (new tab) to the browser', () => {
    renderAt('/', <Link to="/cart">Cart</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }), { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/ null');
  });
});

describe('NavLink', () => {
  it('marks the current page with aria-current and the active class, and a section below its path', () => {
    renderAt(
      '/books/fiction',
      <>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>Home</NavLink>
        <NavLink to="/books" className={({ isActive }) => (isActive ? 'on' : 'off')}>Books</NavLink>
        <NavLink to="/books" end className={({ isActive }) => (isActive ? 'on' : 'off')}>Books only</NavLink>
      </>,
    );
    const home = screen.getByRole('link', { name: 'Home' });
    const books = screen.getByRole('link', { name: 'Books' });
    expect(home.getAttribute('aria-current')).toBeNull();
    expect(home.className).toBe('off');
    expect(books.getAttribute('aria-current')).toBe('page');
    expect(books.className).toBe('on');
    expect(screen.getByRole('link', { name: 'Books only' }).className).toBe('off');
  });
});

describe('isActivePath', () => {
  it('follows React Router: exact or below, "/" only on itself, case and trailing slash ignored', () => {
    expect(isActivePath('/books', '/books')).toBe(true);
    expect(isActivePath('/Books/', '/books')).toBe(true);
    expect(isActivePath('/Books', '/books/')).toBe(true);
    expect(isActivePath('/books/3', '/books')).toBe(true);
    expect(isActivePath('/books/3', '/books', true)).toBe(false);
    expect(isActivePath('/bookshelf', '/books')).toBe(false);
    expect(isActivePath('/books', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
  });
});
