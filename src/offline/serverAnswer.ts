import { getDb, type WarehouseDb } from './db';

/**
 * What the server has made of a change this device saved: 'confirmed' (applied: the entry has
 * left the outbox), 'refused', or 'waiting' (offline, or no answer yet).
 */
export type ServerAnswer = 'confirmed' | 'refused' | 'waiting';

const LOOK_EVERY_MS = 200;

/**
 * Waits at most `waitMs` for the server's answer to an outbox entry, and not at all while the
 * device is offline, so a screen can tell a saved change as done only once the server has it.
 */
export async function serverAnswer(
  entryId: string,
  waitMs: number,
  db: WarehouseDb = getDb(),
): Promise<ServerAnswer> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const entry = await db.outbox.where('id').equals(entryId).first();
    if (!entry) return 'confirmed';
    if (entry.state === 'rejected') return 'refused';
    if (!navigator.onLine || Date.now() >= deadline) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

/** How long a floor screen waits for the server before telling a change as saved on the device. */
export const ANSWER_WAIT_MS = 4_000;
