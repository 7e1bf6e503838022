import { MantineProvider, Modal, Select, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, RouterProvider, createMemoryRouter } from 'react-router-dom';

// As the app's providers, but modals and dropdowns open without a transition: under jsdom a
// Mantine modal with a transition never mounts its content.
const theme = createTheme({
  components: {
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
    Select: Select.extend({
      defaultProps: { comboboxProps: { transitionProps: { duration: 0 } } },
    }),
  },
});
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}

/** `ui` with the providers, in a router at `/`. */
export function renderScreen(ui: ReactNode) {
  return render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
}

/** The screens of `routes` (path → screen) with the providers, at `path`. */
export function renderAt(path: string, routes: Record<string, ReactElement>) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([p, element]) => (
            <Route key={p} path={p} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** As renderAt, in a data router (a screen's leave guard needs one); the router. */
export function renderInDataRouter(path: string, routes: Record<string, ReactElement>) {
  const router = createMemoryRouter(
    Object.entries(routes).map(([p, element]) => ({ path: p, element })),
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
