import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTestMockUrl } from '../../../test/mock-url';
import { renderWithApp, sessionFor, testClient } from '../../../test/render';
import { requestsTo, scriptedClient } from '../../../test/scripted-client';

describe('static pages', () => {
  it.each([
    ['/new-arrivals', 'New Arrivals'],
    ['/best-selling', 'Best Selling'],
    ['/deal-of-the-day', 'Deal of the Day'],
    ['/contact', 'Contact Us'],
    ['/shop', 'Shop the Offer'],
    ['/category/children', "Children's Books"],
    ['/category/academic', 'Academic'],
  ])('%s says what it is and leads into the books', async (route, title) => {
    renderWithApp(undefined, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    const main = screen.getByRole('main');
    const bookLinks = Array.from(main.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? '');
    expect(bookLinks.some((href) => href.startsWith('/books'))).toBe(true);
  });

  it('/contact shows the shop\'s address, phone, e-mail, opening hours and hold period as the server is configured', async () => {
    const client = testClient(`${getTestMockUrl()}/api`);
    // Another shop's settings than the defaults, so the page is seen to read them from the server.
    client.orders.shopInfo = async () => ({
      name: 'Pustak Lalitpur',
      address: 'Pulchowk Road 5, Lalitpur',
      openingHours: ['Every day, 10:00 to 18:00'],
      phone: '+977 1-5550000',
      email: 'lalitpur@pustak.example',
      pickupHoldDays: 3,
      timeZone: 'Asia/Kathmandu',
    });
    renderWithApp(undefined, { route: '/contact', client });
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const card = async (label: string) => (await screen.findByRole('heading', { level: 2, name: label })).closest('div')!;
    expect((await card('Visit')).textContent).toContain('Pulchowk Road 5, Lalitpur');
    expect(within(await card('Call')).getByRole('link', { name: '+977 1-5550000' }).getAttribute('href')).toBe('tel:+97715550000');
    expect(within(await card('Write')).getByRole('link', { name: 'lalitpur@pustak.example' }).getAttribute('href')).toBe('mailto:lalitpur@pustak.example');
    const hours = (await card('Opening hours')).textContent;
    expect(hours).toContain('Every day, 10:00 to 18:00');
    expect(hours).toContain('A ready order is kept for 3 days.');
    expect(screen.queryByText(/Thamel Marg/, { selector: 'main *' })).toBeNull();
  });

  it.each([
    ['fiction', 'Fiction', 'fiction', ['Karnali Blues', 'Muna Madan', 'Palpasa Cafe', 'Shirish Ko Phool', 'Shakuntala']],
    ['non-fiction', 'Non-Fiction', 'non-fiction', ['Sapiens', 'Into Thin Air']],
  ])('/category/%s lists the %s books and links to the whole genre', async (slug, genre, example, titles) => {
    const { client, requests } = scriptedClient([{ path: /\/book\/all$/, prefer: `example=${example}` }]);
    renderWithApp(undefined, { route: `/category/${slug}`, client });
    const list = await screen.findByRole('list', { name: `${genre} books` });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(titles);
    expect(requestsTo(requests, '/book/all')[0]!.url.searchParams.get('genre')).toBe(genre);
    expect(screen.getByRole('link', { name: new RegExp(`${genre.toLowerCase()} books$`) }).getAttribute('href')).toBe(
      `/books?genre=${genre}`,
    );
  });

  it.each([
    ['children', "children's books"],
    ['academic', 'academic'],
  ])('/category/%s says the catalogue has none and links to the full list', async (slug, what) => {
    const { client, requests } = scriptedClient();
    renderWithApp(undefined, { route: `/category/${slug}`, client });
    expect(await screen.findByRole('heading', { name: `No ${what} in the catalogue yet` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all books' }).getAttribute('href')).toBe('/books');
    expect(requestsTo(requests, '/book/all')).toHaveLength(0);
  });

  it('says so when a genre has no books', async () => {
    const { client } = scriptedClient([{ path: /\/book\/all$/, prefer: 'example=empty' }]);
    renderWithApp(undefined, { route: '/category/fiction', client });
    expect(await screen.findByRole('heading', { name: 'No fiction books in the catalogue yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all books' }).getAttribute('href')).toBe('/books');
  });

  it('shows a 404 page for unknown paths and unknown categories', async () => {
    renderWithApp(undefined, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse books' }).getAttribute('href')).toBe('/books');
  });

  it('treats an unknown category as not found', async () => {
    renderWithApp(undefined, { route: '/category/poetry' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('profile page', () => {
  it('asks a guest to sign in', async () => {
    const { user } = renderWithApp(undefined, { route: '/profile' });
    expect(await screen.findByText("You're browsing as a guest")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });

  it("shows the signed-in user's username and e-mail", async () => {
    renderWithApp(undefined, { route: '/profile', session: sessionFor('customer') });
    expect(await screen.findByText('sita@example.com')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
  });
});
