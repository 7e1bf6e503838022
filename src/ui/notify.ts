import { notifications } from '@mantine/notifications';
import { HTTPError, TimeoutError } from 'ky';

export const OFFLINE_MESSAGE = 'You are offline or the server cannot be reached.';

const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const messageStyle = { whiteSpace: 'pre-line' as const };

/** CSS variable a floor screen sets to the height of its bottom action bar (see useNoticeLift). */
export const NOTICE_LIFT_VAR = '--floor-notice-lift';

/**
 * Where every notice shows: at the bottom of the screen (at the top it would cover the location
 * code, the scan field and the sync badge). On a floor screen the notices' container is lifted
 * above the action bar (ui/notices.css), so neither a notice nor its invisible container lies over
 * Confirm; the container lets taps through, only the notices themselves take them.
 */
export const NOTICE_PLACEMENT = { position: 'bottom-center' } as const;

let noticeSeq = 0;

/**
 * A short notice. A tap on it closes it, so a tap that lands on a notice is never lost without
 * effect: the notice goes and the screen beneath is free again.
 */
function showNotice(color: string, text: string, autoClose?: number): void {
  noticeSeq += 1;
  const id = `notice-${noticeSeq}`;
  notifications.show({
    ...NOTICE_PLACEMENT,
    id,
    color,
    message: text,
    ...(autoClose === undefined ? {} : { autoClose }),
    onClick: () => notifications.hide(id),
    styles: { description: messageStyle },
  });
}

export function notifySuccess(text: string): void {
  showNotice('teal', text);
}

/**
 * Saved on this device, not yet confirmed by the server: never told as done. Up for 8 s, twice a
 * success notice's time: it says where the work is, and a floor worker glancing at the screen in
 * bright light between two scans should not miss it.
 */
export function notifyPending(text: string): void {
  showNotice('yellow', text, 8_000);
}

export function notifyError(text: string): void {
  showNotice('red', text, 10_000);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The general error text: 'Error: ' + the details, then the status line.
 * Failures without an answer (offline, timeout) say so plainly instead.
 */
export async function describeApiError(error: unknown): Promise<string> {
  if (error instanceof HTTPError) {
    // Loaded on demand: the contract's error schema brings zod, which the first screen can do without.
    const { describeErrors } = await import('../../contract/errors');
    const { status, statusText } = error.response;
    const body = await readBody(error.response).catch(() => '');
    const text = statusText || STATUS_TEXTS[status] || '';
    return `Error: ${describeErrors(body)}\n(Status: ${status}${text ? ` ${text}` : ''})`;
  }
  if (error instanceof TimeoutError || error instanceof TypeError) return OFFLINE_MESSAGE;
  if (error instanceof Error) return `Error: ${error.message}`;
  return `Error: ${String(error)}`;
}

/** Show a failed API call to the user (replaces the original alert()). */
export async function showApiError(error: unknown): Promise<void> {
  console.error(error);
  notifyError(await describeApiError(error));
}
