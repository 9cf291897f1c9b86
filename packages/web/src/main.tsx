import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/routes';
import { pageBannerFallback } from './features/announcements';
import { appSession, openAuthDialog } from './features/auth';
import { createDeferredAppClient, defaultHubUrl } from './lib/api-client';
import { HeldClicks } from './lib/held-clicks';
import { connectNotificationsLazily } from './lib/live-connection';
import { readPageData } from './lib/page-data';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

// The app's entry, loaded by the boot script (src/boot.ts) once a sent page's first paint is shown.
// Its stylesheet is linked in the page's head (build/boot-styles.ts): the page paints with it.

// A page served with its data (/books, a book page) carries its reads' answers and its render time.
const pageData = readPageData();

const app = (
  <StrictMode>
    <AppProviders
      // Spec: a 401 opens the sign-in dialog (the SDK reports those of calls that need signing in,
      // not a wrong password at sign-in); the error still reaches the caller.
      client={createDeferredAppClient({ session: appSession, onUnauthorized: () => openAuthDialog('signIn') })}
      config={{
        hubUrl: defaultHubUrl(),
        connectNotifications: connectNotificationsLazily,
        renderedAt: pageData ? new Date(pageData.renderedAt) : undefined,
      }}
      // The banner and the page's data the server sent with the page: shown without asking first.
      swr={{ fallback: { ...pageData?.fallback, ...pageBannerFallback() } }}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The home page comes prerendered as a guest sees it before data arrives, /books and a book page
// rendered with their data (build/prerender.ts). The app takes such a page over as it is
// (hydration), for a guest and a signed-in visitor alike; a signed-in visitor's header and
// buttons then switch to their session at once (useSession). The page's module is loaded
// first, so React takes the whole page over in one go (a part whose module is missing would
// stay dead to clicks); clicks made meanwhile (held by the boot script since the page arrived)
// are replayed once the layout's page is hydrated and the visitor's (ReplayHeldClicks in the
// layouts, lib/held-clicks.tsx). The taking over is a transition: React does it in slices,
// yielding to the browser between them, rather than in one long task that would hold up a tap
// or a scroll (Total Blocking Time).
export async function takeOver(root: HTMLElement, replayClicks: () => void): Promise<void> {
  await preloadRoute(window.location.pathname);
  startTransition(() => {
    hydrateRoot(root, <HeldClicks release={replayClicks}>{app}</HeldClicks>);
  });
}

/** Every other page, and the dev server, starts from an empty #root. */
export function render(root: HTMLElement): void {
  createRoot(root).render(app);
}
