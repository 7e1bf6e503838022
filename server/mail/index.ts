import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

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
 * under DATA_DIR/mail, so a fresh install can reset passwords. The log names the file; the link
 * (and the token in it) stays in the file: whoever can read the log must not be able to take over
 * an account with it.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; log: Logger }): Mailer {
  let transport: Transporter;
  const dir = join(opts.dataDir, 'mail');
  if (opts.smtpUrl) {
    transport = nodemailer.createTransport(opts.smtpUrl);
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
  }
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      if (!opts.smtpUrl) {
        const file = join(dir, mailFileName(mail.to));
        // 'wx': never overwrite another mail's file.
        writeFileSync(file, (info as unknown as { message: Buffer }).message, {
          flag: 'wx',
          mode: 0o600,
        });
        opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to disk');
      } else {
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      }
    },
    close() {
      transport.close();
    },
  };
}
