import { Pagination } from '@mantine/core';

const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Every page switcher's arrows say what they do to a screen reader (Mantine leaves them without a
 * name): 'Previous page', 'Next page'. The page buttons keep their numbers as names.
 */
export const namedPagination = Pagination.extend({
  defaultProps: {
    getControlProps: (control) => ({ 'aria-label': CONTROL_NAMES[control] }),
  },
});
