import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/notices.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { isAreaPath, preloadPage } from './app/areas';
import { preloadShell } from './app/Guard';
import { routes } from './app/routes';

// A cold open: fetch the page's code (and the shell's) now, alongside the session read.
preloadPage(location.pathname);
if (isAreaPath(location.pathname)) void preloadShell().catch(() => undefined);

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// Production only: the service worker precaches the app for offline use and offers updates.
if (import.meta.env.PROD) {
  void import('./app/pwa').then(({ registerServiceWorker }) => registerServiceWorker());
}
