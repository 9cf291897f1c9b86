import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { appRoutes } from './routes';

/** The browser router over the full route table. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

/** The same route table in memory (tests, previews). */
export function createAppMemoryRouter(initialEntries: string[] = ['/']) {
  return createMemoryRouter(appRoutes, { initialEntries });
}
