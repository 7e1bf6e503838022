import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { composeEml } from './eml';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (reset or invitation). It carries a token: never logged. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const FROM = 'Brick Warehouse <no-reply@brick-warehouse.local>';

/**
 * A file name of its own for every mail: the time, a random part (several mails can be written in
 * the same millisecond) and the recipient reduced to characters that are safe in a file name.
 */
export function mailFileName(to: string, now = new Date()): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${time}-${randomBytes(6).toString('hex')}-${recipient}.eml`;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file
 * under DATA_DIR/mail, so a fresh install can reset passwords (`npm run mail:last` prints the
 * newest one's subject and links). The log names the file; the link
 * (and the token in it) stays in the file: whoever can read the log must not be able to take over
 * an account with it.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; log: Logger }): Mailer {
  if (!opts.smtpUrl) return fileMailer(join(opts.dataDir, 'mail'), opts.log);
  const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}

/** Each mail as an .eml file of its own in `dir`, readable as it is (see eml.ts). */
function fileMailer(dir: string, log: Logger): Mailer {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    async send(mail) {
      const file = join(dir, mailFileName(mail.to));
      const eml = composeEml({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      // Written under another name first, so nobody reads a half-written mail; 'wx': never
      // overwrite another mail's file (the random part of the name keeps the final names apart).
      await writeFile(`${file}.part`, eml, { flag: 'wx', mode: 0o600 });
      await rename(`${file}.part`, file);
      log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to disk (`npm run mail:last` shows the newest mail and its links)',
      );
    },
    close() {},
  };
}
