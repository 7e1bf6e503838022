import { existsSync, readFileSync } from 'node:fs';
import { readMail } from '../../../server/mail/read';

/** A message the test SMTP server received (see shared-server.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

function mailboxFile(): string {
  const file = process.env.E2E_MAILBOX;
  if (!file) throw new Error('E2E_MAILBOX is not set: run the tests through playwright test');
  return file;
}

export function readMailbox(): ReceivedMail[] {
  const file = mailboxFile();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for a mail to `to` received after `since` (ISO), and returns the newest one. */
export async function waitForMail(
  to: string,
  since: string,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMailbox()
      .filter((m) => m.receivedAt >= since && m.to.some((t) => t.toLowerCase() === to))
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}

/** Decodes a raw RFC 822 message into headers and its plain-text body (enough for our mails). */
export function parseRawMail(raw: string): { headers: Record<string, string>; text: string } {
  const { headers, subject, text } = readMail(raw);
  return { headers: { ...headers, subject }, text };
}
