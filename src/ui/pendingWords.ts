import { ANSWER_WAIT_MS, serverAnswer } from '../offline/serverAnswer';
import { notifyPending, notifySuccess } from './notify';

/**
 * What the floor is told after a write that is saved on the device but that the server has not
 * confirmed (yet): never as done. 'offline' when the device has no network, 'slow' when it has
 * but no answer came in the few seconds the screen waits.
 */
export const PENDING_WORDS = {
  report: {
    offline: 'Report saved on this device — it is sent when the network is back.',
    slow: 'Report saved on this device — the server has not confirmed it yet.',
  },
  fill: {
    offline: 'Filled on this device — it is sent when the network is back.',
    slow: 'Filled on this device — the server has not confirmed it yet.',
  },
  /** Leaving the picker screen pauses the order. */
  pause: {
    offline:
      'You left the order: it is paused on this device, and others can take it once the server has it.',
    slow: 'You left the order: it is paused on this device, and others can take it once the server has it.',
  },
} as const;

/** The pending text for a write the server has not confirmed. */
export function pendingText(what: keyof typeof PENDING_WORDS): string {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return PENDING_WORDS[what][online ? 'slow' : 'offline'];
}

/**
 * Waits (a few seconds, not at all offline) for the server's answer to a saved write, then tells
 * it: the done text once the server has it, the pending text while it waits; nothing when it was
 * refused (the refusal notice tells that).
 */
export async function tellWhenServerHasIt(
  entryId: string,
  done: string,
  what: keyof typeof PENDING_WORDS,
): Promise<void> {
  const answer = await serverAnswer(entryId, ANSWER_WAIT_MS);
  if (answer === 'confirmed') notifySuccess(done);
  else if (answer === 'waiting') notifyPending(pendingText(what));
}
