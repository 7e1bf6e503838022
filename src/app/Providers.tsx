import { MantineProvider, createTheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { namedPagination } from '../ui/pagination';
import { loadedLater } from './lazyLoaded';

export const theme = createTheme({
  primaryColor: 'blue',
  components: { Pagination: namedPagination },
});

/**
 * The notices' container (about 8 kB gzip with its transitions) loads after the first screen is
 * up: a notice shown before it arrives waits in the notifications store and appears with it.
 */
const NoticeHost = loadedLater(() => import('./NoticeHost'));

/**
 * Mantine with notifications (they replace the original product's alerts). The ModalsProvider
 * (its confirms) sits in the signed-in Shell: the sign-in screens have no modals.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <NoticeHost />
      {children}
    </MantineProvider>
  );
}
