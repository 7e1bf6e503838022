import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { newOpaqueToken } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** Why a set-password link was e-mailed: a forgotten password, or a new user's invitation. */
export type EmailLinkPurpose = 'reset' | 'invite';

/** How long an e-mailed link works: an hour for a reset, a week for an invitation. */
export const EMAIL_LINK_TTL_SECONDS: Record<EmailLinkPurpose, number> = {
  reset: 60 * 60,
  invite: 7 * 24 * 60 * 60,
};

/** Stores a single-use token for the user (only its hash) and returns the token itself. */
export async function createEmailToken(
  db: Kysely<Database>,
  userId: number,
  purpose: EmailLinkPurpose,
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const now = Date.now();
  await db
    .insertInto('email_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hash,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + EMAIL_LINK_TTL_SECONDS[purpose] * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The PWA's set-password screen for a token. */
export function setPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/set_password/${encodeURIComponent(token)}`;
}

function mailText(name: string, link: string, purpose: EmailLinkPurpose): string {
  const greeting = `Hello ${name},`;
  if (purpose === 'invite') {
    return [
      greeting,
      '',
      'An account has been created for you in Brick Warehouse.',
      'Open this link to choose your password (it works for 7 days and only once):',
      '',
      link,
      '',
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n');
  }
  return [
    greeting,
    '',
    'Someone (hopefully you) asked to reset your Brick Warehouse password.',
    'Open this link to choose a new password (it works for 1 hour and only once):',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ].join('\n');
}

/**
 * Creates a single-use set-password token for the user and e-mails its link through app.mailer.
 * Used by the password reset route ('reset') and by the admin module's invitations ('invite').
 */
export async function sendSetPasswordMail(
  app: FastifyInstance,
  user: { id: number; email: string; name: string },
  purpose: EmailLinkPurpose,
): Promise<void> {
  const token = await createEmailToken(app.db, user.id, purpose);
  const link = setPasswordLink(app.config.publicUrl, token);
  await app.mailer.send({
    to: user.email,
    subject:
      purpose === 'invite'
        ? 'Your Brick Warehouse account: choose a password'
        : 'Reset your Brick Warehouse password',
    text: mailText(user.name || user.email, link, purpose),
    link,
  });
}

/** Marks a token used; true only for the caller that used it first (single use under races). */
export async function markEmailTokenUsed(db: Kysely<Database>, tokenId: number): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
