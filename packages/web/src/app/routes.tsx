import { type ComponentType } from 'react';
import { type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/guards';
import { PublicLayout } from '../features/layout/public-layout';
import { RouteError } from '../features/pages/route-error';
import { AppRoot, AppRootFallback } from './app-root';

/** Adapts a page module with a default export to a route's lazy() result (one chunk per page). */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const module = await load();
  return { Component: module.default };
};

/** Storefront pages rendered inside the public layout (header, banner, footer). */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/home-page')) },
  { path: 'books', lazy: page(() => import('../features/books/books-page')) },
  { path: 'bookDetails/:bookId', lazy: page(() => import('../features/books/book-details-page')) },
  { path: 'new-arrivals', lazy: page(() => import('../features/pages/new-arrivals-page')) },
  { path: 'best-selling', lazy: page(() => import('../features/pages/best-selling-page')) },
  { path: 'deal-of-the-day', lazy: page(() => import('../features/pages/deal-of-the-day-page')) },
  { path: 'contact', lazy: page(() => import('../features/pages/contact-page')) },
  { path: 'shop', lazy: page(() => import('../features/pages/shop-page')) },
  { path: 'category/:slug', lazy: page(() => import('../features/pages/category-page')) },
  { path: 'profile', lazy: page(() => import('../features/pages/profile-page')) },
  {
    // Customer pages behind the guard: no stored token -> sign-in dialog and back to /.
    element: <RequireAuth />,
    children: [
      { path: 'myOrders', lazy: page(() => import('../features/orders/orders-page')) },
      { path: 'wishlist', lazy: page(() => import('../features/wishlist/wishlist-page')) },
      { path: 'cart', lazy: page(() => import('../features/cart/cart-page')) },
    ],
  },
  { path: '*', lazy: page(() => import('../features/pages/not-found-page')) },
];

/**
 * The whole route table. /admin/* and /staff/* each load ONE module that renders its own
 * descendant <Routes>, so back-office code never ships with the storefront.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppRootFallback />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      { path: 'admin/*', lazy: page(() => import('../features/back-office/admin-routes')) },
      { path: 'staff/*', lazy: page(() => import('../features/back-office/staff-routes')) },
    ],
  },
];
