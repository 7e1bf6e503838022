import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AuthMessages, tooManyAttemptsMessage, type LoginResponse } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { recordAudit } from '../../auth/audit';
import { verifyPassword } from '../../auth/passwords';
import { WorkQueue } from '../../auth/work-queue';
import { AppError, unauthorized } from '../../errors';
import { findAccountByEmail, issueSession, passwordExpired } from './sessions';
import { clearEvents, countEvent, loginLimits, uncountEvent, type Limit } from './throttle';

/** Seconds a shed sign-in is asked to wait before trying again. */
export const BUSY_RETRY_SECONDS = 1;

/**
 * The password checks of one server: as many at once as there are cores, and a bounded line
 * behind them (about a second and a half of work at ~50 ms a check). Sign-ins beyond that are
 * turned away at once with 503, so a flood of logins cannot take the CPU from every other request.
 */
export function passwordCheckQueue(cores = availableParallelism()): WorkQueue {
  return new WorkQueue(cores, 32 * cores);
}

/** A refusal that carries a Retry-After header (429 too many attempts, 503 busy). */
export class RetryLaterError extends AppError {
  constructor(
    status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, message, ErrorCode.tooMany);
  }
}

/**
 * Signs in with an e-mail address and a password.
 *
 * Each attempt is counted, atomically in the database, before its password is checked: counters are
 * shared by every server instance, and of N concurrent attempts only those within the limit are
 * checked at all. An attempt over a limit is refused with 429 and takes back what it counted, so
 * refused attempts do not push an account towards its ceiling; a successful one takes back its
 * count too (and clears its address's count for the account), so a counter holds failures only.
 */
export async function signIn(
  app: FastifyInstance,
  queue: WorkQueue,
  email: string,
  password: string,
  request: { ip: string; log: FastifyBaseLogger },
): Promise<LoginResponse> {
  const { ip, log } = request;
  const place = queue.reserve();
  if (!place) throw new RetryLaterError(503, AuthMessages.busy, BUSY_RETRY_SECONDS);
  const limits = loginLimits(email, ip);
  const counted: Limit[] = [];
  const takeBack = async (which: Limit[]) => {
    for (const limit of which) await uncountEvent(app.db, limit);
  };
  let valid: boolean;
  let account: Awaited<ReturnType<typeof findAccountByEmail>>;
  try {
    for (const limit of [limits.pair, limits.ip, limits.account]) {
      const { count, opensIn } = await countEvent(app.db, limit);
      counted.push(limit);
      if (count > limit.max) {
        await takeBack(counted);
        throw new RetryLaterError(429, tooManyAttemptsMessage(opensIn), opensIn);
      }
    }
    account = await findAccountByEmail(app.db, email);
    const hash = account?.password_hash ?? null;
    valid = await place.run(() => verifyPassword(hash, password));
  } finally {
    place.cancel(); // no-op once the check ran
  }

  const failed = (why: string) =>
    recordAudit(app.db, {
      action: 'sign_in_failed',
      companyId: account?.company_id ?? null,
      actorUserId: account?.id ?? null,
      actorEmail: email,
      ip,
    }).then(() => log.info({ userId: account?.id, company_id: account?.company_id }, why));
  if (!account || !valid) {
    await failed('login failed');
    throw unauthorized(AuthMessages.invalidCredentials);
  }
  // The right password: not a failure, whatever follows.
  await clearEvents(app.db, limits.pair.key);
  await takeBack([limits.ip, limits.account]);
  if (passwordExpired(account)) {
    await failed('login refused: temporary password expired');
    throw unauthorized(AuthMessages.passwordExpired);
  }
  await recordAudit(app.db, {
    action: 'sign_in',
    companyId: account.company_id,
    actorUserId: account.id,
    actorEmail: account.email,
    ip,
  });
  log.info({ userId: account.id, company_id: account.company_id }, 'login');
  return issueSession(app, account);
}
