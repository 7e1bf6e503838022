import { Box } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useNoticeLift } from './useNoticeLift';

/**
 * A floor screen's main actions at the thumb: the bar stays at the bottom of the screen while its
 * section is on it, and notices show above it, never over its buttons.
 */
export function ThumbBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useNoticeLift(bar);
  return (
    <Box
      ref={bar}
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 2 }}
      data-testid="thumb-bar"
    >
      {children}
    </Box>
  );
}
