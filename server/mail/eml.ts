import { randomBytes } from 'node:crypto';

/** The longest line SMTP allows (RFC 5321), in bytes, without its line break. */
const MAX_LINE_BYTES = 998;

/** A header value on one line: no line break can start a header of its own. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/** A header value as is when it is plain ASCII, else as an RFC 2047 encoded word. */
function headerText(value: string): string {
  const text = oneLine(value);
  return /^[\x20-\x7e]*$/.test(text)
    ? text
    : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/**
 * A plain-text mail as an .eml file a person can read as it is: the body is written 8-bit,
 * unchanged, so a link stays on one line and can be copied from any text editor (a
 * quoted-printable body folds long lines with `=` and breaks the link). Mail programs open it too.
 * Only a body with a line too long for a mail falls back to base64.
 */
export function composeEml(
  mail: { from: string; to: string; subject: string; text: string },
  now = new Date(),
): string {
  const body = mail.text.replace(/\r\n?/g, '\n');
  const fits = body.split('\n').every((line) => Buffer.byteLength(line) <= MAX_LINE_BYTES);
  const encoded = fits
    ? body
    : (Buffer.from(body, 'utf8')
        .toString('base64')
        .match(/.{1,76}/g)
        ?.join('\n') ?? '');
  const headers = [
    `From: ${headerText(mail.from)}`,
    `To: ${headerText(mail.to)}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@brick-warehouse.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Transfer-Encoding: ${fits ? '8bit' : 'base64'}`,
  ];
  return `${headers.join('\n')}\n\n${encoded}${encoded.endsWith('\n') ? '' : '\n'}`;
}
