import { createElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AREA_ROUTES, PUBLIC_ROUTES } from './areas';
import { Guard, NOT_FOUND_ROUTE_ID } from './Guard';
import { NotFound } from './pages/StatusPages';
import { RouteError } from './RouteError';

/**
 * Every path of the app (areas.tsx) under one guard. A page that fails to load or render shows its
 * error in the page's place, inside the shell, so the menu stays usable; the guard's own error
 * element covers a failure of the guard or the shell itself.
 */
export const routes: RouteObject[] = [
  {
    element: createElement(Guard),
    errorElement: createElement(RouteError),
    children: [
      ...[...PUBLIC_ROUTES, ...AREA_ROUTES].map(({ path, page }) => ({
        path,
        element: createElement(page),
        errorElement: createElement(RouteError),
      })),
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: createElement(NotFound) },
    ],
  },
];
