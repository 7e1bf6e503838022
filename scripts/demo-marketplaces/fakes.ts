import { startFakeBrickLink, type FakeBrickLink } from '../../tests/support/fake-bricklink';
import { startFakeBrickOwl, type FakeBrickOwl } from '../../tests/support/fake-brickowl';

/**
 * BrickOwl's id lookup in the demo: every BrickLink item is on the fake BrickOwl, under a BOID made
 * from its number (the fake's own catalog only knows a few parts).
 */
export const demoBoid = (blItemNo: string): string => `bo-${blItemNo}`;

export interface DemoFakes {
  bricklink: FakeBrickLink;
  brickowl: FakeBrickOwl;
  close(): Promise<void>;
}

/** The fake BrickLink and BrickOwl of the demo, on the given ports of 127.0.0.1 (0: free ones). */
export async function startDemoFakes(ports: { bricklink: number; brickowl: number }) {
  const bricklink = await startFakeBrickLink({ port: ports.bricklink });
  const brickowl = await startFakeBrickOwl({
    port: ports.brickowl,
    lookup: (id) => [demoBoid(id)],
  }).catch(async (error: unknown) => {
    await bricklink.close();
    throw error;
  });
  return {
    bricklink,
    brickowl,
    close: async () => {
      await bricklink.close();
      await brickowl.close();
    },
  } satisfies DemoFakes;
}
