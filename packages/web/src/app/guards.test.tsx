import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, sessionFor } from '../../test/render';
import { useApi } from '../lib/api-client';
import { AppRoot } from './app-root';

describe('RequireAuth', () => {
  it('sends a guest on /cart to / with the sign-in dialog open', async () => {
    const { location } = renderWithApp(undefined, { route: '/cart' });
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
  });

  it.each(['/myOrders', '/wishlist'])('guards %s the same way', async (route) => {
    const { location } = renderWithApp(undefined, { route });
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('lets a signed-in customer through', async () => {
    const { location } = renderWithApp(undefined, { route: '/cart', session: sessionFor('customer') });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
  });
});

describe('role redirect', () => {
  it('sends a stored Admin from the storefront to /admin', async () => {
    const { location } = renderWithApp(undefined, { route: '/books', session: sessionFor('admin') });
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it('sends a stored Staff user to /staff', async () => {
    const { location } = renderWithApp(undefined, { route: '/', session: sessionFor('staff') });
    await waitFor(() => expect(location()).toBe('/staff'));
  });

  it('leaves an Admin inside /admin alone', async () => {
    const { location } = renderWithApp(undefined, { route: '/admin/books', session: sessionFor('admin') });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(location()).toBe('/admin/books'));
  });
});

describe('RequireRole', () => {
  it('sends a customer away from /admin', async () => {
    const { location } = renderWithApp(undefined, { route: '/admin', session: sessionFor('customer') });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends a guest from /staff to / with the sign-in dialog', async () => {
    const { location } = renderWithApp(undefined, { route: '/staff' });
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

function CartProbe() {
  const api = useApi();
  const [result, setResult] = useState('');
  return (
    <>
      <button
        onClick={() =>
          api.cart.list().then(
            () => setResult('loaded'),
            (error: { status?: number }) => setResult(`failed ${error.status}`),
          )
        }
      >
        Load cart
      </button>
      <output>{result}</output>
    </>
  );
}

describe('401 handling', () => {
  it('opens the sign-in dialog when a bearer call answers 401, and the caller still gets the error', async () => {
    const { user } = renderWithApp(undefined, {
      routes: [
        {
          path: '/',
          element: <AppRoot />,
          children: [{ index: true, element: <CartProbe /> }],
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load cart' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    expect(await screen.findByText('failed 401')).toBeTruthy();
  });
});
