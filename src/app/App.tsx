import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { loadedLater } from './lazyLoaded';
import { Providers } from './Providers';

type AppRouter = ReturnType<typeof createBrowserRouter>;

// The update prompt (and workbox-window behind it) loads after the first screen is up.
const UpdatePrompt = loadedLater<{ canUpdate: () => Promise<boolean> }>(() =>
  import('./pwa').then((m) => ({ default: m.UpdatePrompt })),
);

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
      <UpdatePrompt canUpdate={canUpdate} />
    </Providers>
  );
}
