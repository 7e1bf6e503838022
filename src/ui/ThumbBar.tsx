import { Box } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useNoticeLift } from './useNoticeLift';

/**
 * A floor screen's main actions at the thumb: the bar stays at the bottom of the screen while its
 * section is on it, and notices show above it (or in the empty space below a bar that does not
 * reach the bottom), never over its buttons nor over the controls just above it: while notices
 * show, room opens above the bar so those controls move up, out from under them.
 */
export function ThumbBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useNoticeLift(bar, room);
  return (
    <>
      <div ref={room} aria-hidden data-testid="notice-room" />
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
    </>
  );
}
