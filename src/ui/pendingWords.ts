import type { ServerAnswer } from '../offline/serverAnswer';

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
} as const;

/** The pending text for a write the server has not confirmed. */
export function pendingText(what: keyof typeof PENDING_WORDS): string {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return PENDING_WORDS[what][online ? 'slow' : 'offline'];
}

/**
 * Tell how a saved write ended: the done text once the server has it, the pending text while it
 * waits; nothing when it was refused (the refusal notice tells that).
 */
export function tellAnswer(
  answer: ServerAnswer,
  done: string,
  what: keyof typeof PENDING_WORDS,
  notify: { success: (text: string) => void; pending: (text: string) => void },
): void {
  if (answer === 'confirmed') notify.success(done);
  else if (answer === 'waiting') notify.pending(pendingText(what));
}
