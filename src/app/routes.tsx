import { createElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AREA_ROUTES, PUBLIC_ROUTES } from './areas';
import { Guard, NOT_FOUND_ROUTE_ID } from './Guard';
import { NotFound } from './pages/StatusPages';
import { RouteError } from './RouteError';

/** Every path of the app (areas.tsx) under one guard. */
export const routes: RouteObject[] = [
  {
    element: createElement(Guard),
    errorElement: createElement(RouteError),
    children: [
      ...[...PUBLIC_ROUTES, ...AREA_ROUTES].map(({ path, page }) => ({
        path,
        element: createElement(page),
      })),
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: createElement(NotFound) },
    ],
  },
];
