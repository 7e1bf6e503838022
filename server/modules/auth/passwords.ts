import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import { sendSetPasswordMail } from './email-links';
import { findAccountByEmail, revokeAllSessions } from './sessions';
import {
  clearEvents,
  clearEventsStartingWith,
  countEvent,
  loginLimits,
  pairPrefix,
  resetMailLimit,
} from './throttle';

/**
 * Handles "forgot password" for an address. The caller answers at once with the same text whatever
 * happens here: the look-up and the mail run after the answer, so neither the text nor the time
 * tells whether the address has an account.
 */
export function requestPasswordReset(app: FastifyInstance, email: string): void {
  setImmediate(() => {
    sendResetMail(app, email).catch((err: unknown) => {
      app.log.error({ err }, 'password reset mail could not be sent');
    });
  });
}

async function sendResetMail(app: FastifyInstance, email: string): Promise<void> {
  const limit = resetMailLimit(email);
  // The count this request's own statement left: concurrent requests cannot both slip under.
  if ((await countEvent(app.db, limit)).count > limit.max) {
    app.log.warn('password reset mail limit reached: no mail sent');
    return;
  }
  const account = await findAccountByEmail(app.db, email);
  if (!account) return;
  await sendSetPasswordMail(app, account, 'reset');
}

/**
 * Sets a password with an e-mailed token (reset or invitation). The token is single-use: it, and
 * every other open link of the user, stops working; every session of the user ends.
 * Returns false when the token is unknown, used or expired.
 */
export async function setPasswordWithToken(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<boolean> {
  const now = nowIso();
  const row = await app.db
    .selectFrom('email_tokens')
    .innerJoin('users', 'users.id', 'email_tokens.user_id')
    .select(['email_tokens.id', 'email_tokens.user_id', 'users.email'])
    .where('email_tokens.token_hash', '=', hashToken(token))
    .where('email_tokens.purpose', 'in', ['reset', 'invite'])
    .where('email_tokens.used_at', 'is', null)
    .where('email_tokens.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return false;
  const passwordHash = await hashPassword(password);
  const done = await app.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false; // used by a concurrent request
    await trx
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_expires_at: null })
      .where('id', '=', row.user_id)
      .execute();
    await revokeAllSessions(trx, row.user_id);
    return true;
  });
  if (done) {
    // A new password forgets the failed sign-ins of the account, from every address.
    await clearEvents(app.db, loginLimits(row.email, '').account.key);
    await clearEventsStartingWith(app.db, pairPrefix(row.email));
    app.log.info({ userId: row.user_id }, 'password set with e-mailed link');
  }
  return done;
}
