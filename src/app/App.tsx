import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { UpdatePrompt } from './pwa';
import { Providers } from './Providers';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app around a router (browser router in main.tsx, memory router in tests). */
export function App({ router }: { router: AppRouter }) {
  return (
    <Providers>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </Providers>
  );
}
