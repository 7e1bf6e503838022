import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { namedPagination } from '../ui/pagination';

export const theme = createTheme({
  primaryColor: 'blue',
  components: { Pagination: namedPagination },
});

/**
 * Mantine with notifications (they replace the original product's alerts). The ModalsProvider
 * (its confirms) sits in the signed-in Shell: the sign-in screens have no modals.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      {children}
    </MantineProvider>
  );
}
