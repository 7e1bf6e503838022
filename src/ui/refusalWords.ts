import { HTTPError } from 'ky';
import { ErrorCode } from '../../contract/errors';
import { errorsOfAnswer, isUnreachable } from '../api/errors';
import { notifyError, OFFLINE_MESSAGE } from './notify';

/**
 * A failed call as the floor reads it: the server's own sentence ("Someone else is already picking
 * this order."), never an HTTP status or a body meant for developers. The desk's screens keep the
 * general error text (notify.ts); floor screens use this one.
 */

export const SERVER_TROUBLE = 'The server could not do this just now. Try again in a moment.';
export const REFUSED = 'The server refused this.';
export const DEVICE_TROUBLE = 'Something went wrong on this device. Try again.';
/** The server could not read the request (its message names fields): the app is out of date. */
export const UNREADABLE = 'The server could not read this: update the app (reload) and try again.';

export async function refusalWords(error: unknown): Promise<string> {
  if (isUnreachable(error)) return OFFLINE_MESSAGE;
  if (!(error instanceof HTTPError)) return DEVICE_TROUBLE;
  if (error.response.status >= 500) return SERVER_TROUBLE;
  const errors = (await errorsOfAnswer(error)) ?? [];
  if (errors.some((e) => e.code === ErrorCode.validation)) return UNREADABLE;
  const details = errors.map((e) => e.detail.trim()).filter(Boolean);
  return details.length > 0 ? details.join('\n') : REFUSED;
}

/** Tell the floor a call failed, in its words; the details go to the console. */
export async function notifyRefusal(error: unknown): Promise<void> {
  console.error(error);
  notifyError(await refusalWords(error));
}
