import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readMail } from './read';

/** The newest .eml file in a mail folder (by the time it was written), or null. */
export function newestMailFile(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const path = join(dir, name);
      return { path, name, time: statSync(path).mtimeMs };
    });
  // File names start with the time the mail was written; the name settles a tie.
  files.sort((a, b) => b.time - a.time || b.name.localeCompare(a.name));
  return files[0]?.path ?? null;
}

/** What `npm run mail:last` prints: the newest mail's file, recipient, subject and links. */
export function lastMailReport(dir: string): { found: boolean; text: string } {
  const file = newestMailFile(dir);
  if (!file) {
    return {
      found: false,
      text:
        `No mail in ${dir} yet. Mails are written there while SMTP_URL is unset; ` +
        'ask for a password reset or invite a user, then run this again.',
    };
  }
  const mail = readMail(readFileSync(file, 'utf8'));
  const lines = [
    `File:    ${file}`,
    `To:      ${mail.headers.to ?? ''}`,
    `Date:    ${mail.headers.date ?? ''}`,
    `Subject: ${mail.subject}`,
  ];
  if (mail.links.length === 0) lines.push('Links:   (none)');
  else lines.push('Links:', ...mail.links.map((link) => `  ${link}`));
  return { found: true, text: lines.join('\n') };
}
