import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { getToken, openAuthDialog } from './features/auth';
import { createAppClient, defaultHubUrl } from './lib/api-client';
import { connectNotificationsLazily } from './lib/live-connection';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <AppProviders
      // Spec: any HTTP 401 opens the sign-in dialog; the error still reaches the caller.
      client={createAppClient({ getToken, onUnauthorized: () => openAuthDialog('signIn') })}
      config={{ hubUrl: defaultHubUrl(), connectNotifications: connectNotificationsLazily }}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
