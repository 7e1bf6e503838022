import { Image, Paper, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { fetchMoldInfo } from './api';

/** Hovering over a mould shows its name and image (asked for once per mould). */
const moldCache = new Map<number, Promise<{ name: string; url: string | null }>>();
function moldInfo(moldId: number) {
  if (!moldCache.has(moldId))
    moldCache.set(
      moldId,
      fetchMoldInfo(moldId).catch(() => ({ name: 'Mould not found', url: null })),
    );
  return moldCache.get(moldId)!;
}

type Hover = { x: number; y: number; name: string; url: string | null } | null;

/**
 * One card for the whole grid (a card per row would cost every drawn row a floating element):
 * the mould cell under the pointer reports itself after a short pause.
 */
export function useMouldHover() {
  const [hover, setHover] = useState<Hover>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const enter = useCallback((moldId: number | null, el: HTMLElement) => {
    clearTimeout(timer.current);
    if (moldId === null) return;
    timer.current = setTimeout(() => {
      const r = el.getBoundingClientRect();
      void moldInfo(moldId).then((i) => setHover({ x: r.left, y: r.bottom + 4, ...i }));
    }, 250);
  }, []);
  const leave = useCallback(() => {
    clearTimeout(timer.current);
    setHover(null);
  }, []);
  const card = hover && (
    <Paper
      shadow="md"
      p="xs"
      withBorder
      role="tooltip"
      style={{ position: 'fixed', left: hover.x, top: hover.y, zIndex: 300, pointerEvents: 'none' }}
    >
      <Text size="sm" fw={600}>
        {hover.name}
      </Text>
      {hover.url && <Image src={hover.url} alt={hover.name} w={120} h={120} fit="contain" />}
    </Paper>
  );
  return { enter, leave, card };
}
