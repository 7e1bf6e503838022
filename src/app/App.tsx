import { lazy, Suspense } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Providers } from './Providers';

type AppRouter = ReturnType<typeof createBrowserRouter>;

// The update prompt (and workbox-window behind it) loads after the first screen is up.
const UpdatePrompt = lazy(() => import('./pwa').then((m) => ({ default: m.UpdatePrompt })));

/** A new version applies only when nothing is waiting to be synced (docs/offline.md). */
async function canUpdate(): Promise<boolean> {
  const { hasUnsentEntries } = await import('../offline/engine');
  return !(await hasUnsentEntries());
}

/** The whole app around a router (browser router in main.tsx, memory router in tests). */
export function App({ router }: { router: AppRouter }) {
  return (
    <Providers>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <UpdatePrompt canUpdate={canUpdate} />
      </Suspense>
    </Providers>
  );
}
