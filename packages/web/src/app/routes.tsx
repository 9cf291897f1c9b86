import { type ComponentType, type ReactNode } from 'react';
import { type RouteObject, matchRoutes, useRoutes } from 'react-router';
import { RequireAuth } from '../features/auth';
import { HomePage, preloadHomePage } from '../features/home';
import { PublicLayout } from './layouts/public-layout';
import { AppRoot } from './app-root';
import { lazy } from '../lib/lazy';
import { useScrollToTop } from '../lib/use-scroll-to-top';

/**
 * A route element whose module loads on first visit (one chunk per page). The Suspense
 * boundary around each layout's Outlet shows a spinner meanwhile; the router wraps navigation
 * in a transition, so an already visible page stays until the next one is ready.
 */
const page = (load: () => Promise<{ default: ComponentType }>): ReactNode => {
  const Page = lazy(load);
  return withPreload(<Page />, Page.preload);
};

/** What preloadRoute loads for a route element: its page's module, the home page's sections. */
const pagePreloads = new WeakMap<object, () => Promise<unknown>>();

/** Registers what preloadRoute loads for `element`. */
const withPreload = (element: ReactNode & object, preload: () => Promise<unknown>): ReactNode => {
  pagePreloads.set(element, preload);
  return element;
};

/** Storefront pages rendered inside the public layout (header, banner, footer). */
export const publicRoutes: RouteObject[] = [
  // The home page ships with the entry: its hero is the largest paint of the landing page
  // (measured with `npm run perf`: LCP -0.5 s on / and /books). Its sections below the hero
  // are a module of their own, loaded as the page renders.
  { index: true, element: withPreload(<HomePage />, preloadHomePage) },
  { path: 'books', element: page(() => import('../features/books/books-page')) },
  { path: 'bookDetails/:bookId', element: page(() => import('../features/books/book-details-page')) },
  { path: 'new-arrivals', element: page(() => import('../features/info-pages/promo-page')) },
  { path: 'best-selling', element: page(() => import('../features/info-pages/promo-page')) },
  { path: 'deal-of-the-day', element: page(() => import('../features/info-pages/promo-page')) },
  { path: 'contact', element: page(() => import('../features/info-pages/contact-page')) },
  { path: 'shop', element: page(() => import('../features/info-pages/promo-page')) },
  { path: 'category/:slug', element: page(() => import('../features/info-pages/category-page')) },
  { path: 'profile', element: page(() => import('../features/info-pages/profile-page')) },
  {
    // Customer pages behind the guard: no stored token -> sign-in dialog and back to /.
    element: <RequireAuth />,
    children: [
      { path: 'myOrders', element: page(() => import('../features/orders/orders-page')) },
      { path: 'wishlist', element: page(() => import('../features/books/wishlist-page')) },
      { path: 'cart', element: page(() => import('../features/cart/cart-page')) },
      // Any signed-in account: the server decides whose receipt it is (a customer's own, any for staff).
      { path: 'receipt/:orderId', element: page(() => import('../features/receipts/receipt-page')) },
    ],
  },
  { path: '*', element: page(() => import('../features/info-pages/not-found-page')) },
];

/**
 * The whole route table. /admin/* and /staff/* each load ONE module that renders its own
 * descendant <Routes>, so back-office code never ships with the storefront.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      { path: 'admin/*', element: page(() => import('./routes/admin')) },
      { path: 'staff/*', element: page(() => import('./routes/staff')) },
    ],
  },
];

/**
 * Loads the modules of the pages `pathname` shows, so that a first render finds them: over a
 * page the server sent, React then takes the whole page over at once (main.tsx). The home
 * page is in the entry already; its sections' module is loaded here too. Resolves either way.
 */
export async function preloadRoute(pathname: string, routes: RouteObject[] = appRoutes): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) => pagePreloads.get(route.element as object));
  await Promise.allSettled(loads.map((load) => load?.()));
}

/**
 * Renders a route table inside the surrounding router (BrowserRouter in the app,
 * MemoryRouter in tests). Declarative routing rather than a data router: the app loads its
 * data with SWR, and the data router would add ~16 KB gzip to the first paint.
 */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  // Above the layouts, so that leaving the back office for the storefront starts at the top too.
  useScrollToTop();
  return useRoutes(routes);
}
