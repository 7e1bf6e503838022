import { HTTPError } from 'ky';

/** True when the call got no answer at all (offline, server unreachable), not an error answer. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof HTTPError) return false;
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}
