import { connectNotifications } from '@pustak/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppClient, defaultHubUrl } from './lib/api-client';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <AppProviders client={createAppClient()} config={{ hubUrl: defaultHubUrl(), connectNotifications }}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
