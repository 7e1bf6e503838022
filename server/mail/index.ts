import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (reset or invitation); logged when mail goes to disk. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const FROM = 'Brick Warehouse <no-reply@brick-warehouse.local>';

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file
 * under DATA_DIR/mail and its link is logged, so a fresh install can reset passwords.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; log: Logger }): Mailer {
  let transport: Transporter;
  const dir = join(opts.dataDir, 'mail');
  if (opts.smtpUrl) {
    transport = nodemailer.createTransport(opts.smtpUrl);
  } else {
    mkdirSync(dir, { recursive: true });
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
        const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.eml`);
        writeFileSync(file, (info as unknown as { message: Buffer }).message);
        opts.log.info(
          { to: mail.to, subject: mail.subject, link: mail.link, file },
          'mail written to disk',
        );
      } else {
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      }
    },
    close() {
      transport.close();
    },
  };
}
