import type { FastifyInstance } from 'fastify';
import {
  AuthMessages,
  LoginResponse,
  MessageResponse,
  PasswordResetRequest,
  RefreshResponse,
  SetPasswordRequest,
} from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { basicCredentialsFrom, normalizeEmail } from '../../auth/basic';
import { bearerFrom } from '../../auth/tokens';
import { badRequest, unauthorized } from '../../errors';
import { auditRoutes } from './audit-routes';
import { passwordCheckQueue, RetryLaterError, signIn } from './login';
import { requestPasswordReset, setPasswordWithToken } from './passwords';
import { endSession, refreshSession } from './sessions';
import { routesOf } from '../../http/routes';

function bearerOrThrow(header: string | undefined): string {
  const token = bearerFrom(header);
  if (!token) throw badRequest(AuthMessages.missingBearer);
  return token;
}

/** Sign-in, session refresh, logout, password reset by e-mail, and the audit log. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'auth');
  const queue = passwordCheckQueue();

  api.post(
    '/login',
    {
      access: 'public',
      summary: 'Sign in with Basic e-mail:password; returns an access and a refresh token',
      security: [{ basic: [] }],
      answer: LoginResponse,
      otherAnswers: { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody, 503: ErrorBody },
    },
    async ({ request, reply }) => {
      const credentials = basicCredentialsFrom(request.headers.authorization);
      if (!credentials.ok) throw badRequest(AuthMessages.missingBasic);
      const email = normalizeEmail(credentials.email);
      if (!email) throw badRequest(AuthMessages.emailRequired);
      if (!credentials.password) throw badRequest(AuthMessages.passwordRequired);

      try {
        return await signIn(app, queue, email, credentials.password, request);
      } catch (err) {
        if (err instanceof RetryLaterError)
          reply.header('Retry-After', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  await app.register(sessionRoutes);
  await app.register(auditRoutes);

  api.post(
    '/login/password_reset',
    {
      access: 'public',
      summary: 'E-mail a set-password link; the answer is the same whether the address exists',
      body: PasswordResetRequest,
      answer: MessageResponse,
      otherAnswers: { 400: ErrorBody },
    },
    async ({ body }) => {
      requestPasswordReset(app, normalizeEmail(body.email));
      return { message: AuthMessages.resetRequested };
    },
  );

  api.post(
    '/user/password_reset',
    {
      access: 'public',
      summary: 'Set the password with the e-mailed reset or invitation token (bearer)',
      security: [{ bearer: [] }],
      body: SetPasswordRequest,
      answer: MessageResponse,
      otherAnswers: { 400: ErrorBody, 401: ErrorBody },
    },
    async ({ request, body }) => {
      const token = bearerFrom(request.headers.authorization);
      if (!token) throw unauthorized(AuthMessages.linkExpired);
      const ok = await setPasswordWithToken(app, token, body.password);
      if (!ok) throw unauthorized(AuthMessages.linkExpired);
      return { message: AuthMessages.passwordSet };
    },
  );
}

/**
 * Refresh and logout carry no body. Clients that still send `Content-Type: application/json` with
 * an empty (or any) body are served: in this scope the JSON body is ignored instead of refused.
 */
async function sessionRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );
  const api = routesOf(app, 'auth');

  api.post(
    '/login/refresh',
    {
      access: 'public',
      summary: 'Trade the refresh token (bearer) for a new access token and refresh token',
      security: [{ bearer: [] }],
      answer: RefreshResponse,
      otherAnswers: { 400: ErrorBody, 401: ErrorBody },
    },
    async ({ request }) => {
      const outcome = await refreshSession(app, bearerOrThrow(request.headers.authorization));
      if (!outcome.ok) throw unauthorized(AuthMessages.sessionEnded);
      return outcome.session;
    },
  );

  api.post(
    '/logout',
    {
      access: 'public',
      summary:
        'End the session of the refresh token (bearer); repeating it is harmless, a token this server never issued is refused',
      security: [{ bearer: [] }],
      answer: MessageResponse,
      otherAnswers: { 400: ErrorBody, 401: ErrorBody },
    },
    async ({ request }) => {
      const known = await endSession(app.db, bearerOrThrow(request.headers.authorization));
      if (!known) throw unauthorized(AuthMessages.sessionEnded);
      return { message: AuthMessages.loggedOut };
    },
  );
}
