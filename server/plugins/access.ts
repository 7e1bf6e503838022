import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Permission, type RoleName } from '../../contract/permissions';
import { bearerFrom, verifyAccessToken, type SessionUser } from '../auth/tokens';
import { AccessCache } from '../auth/access-cache';
import { currentPermissions } from '../auth/permissions';
import { forbidden, unauthorized } from '../errors';

/**
 * Who may call a route. Every `/api` route must declare one (the server refuses to start
 * otherwise), so no route is open by accident:
 * - 'public': no session (login, password reset, health);
 * - 'user': any signed-in user;
 * - a list of roles: a signed-in user holding at least one of them.
 */
export type Access = 'public' | 'user' | readonly RoleName[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every route whose access is not 'public'. */
    user: SessionUser;
  }
}

export const accessPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string }) => {
  app.decorateRequest('user', null as unknown as SessionUser);
  const cache = new AccessCache();

  /**
   * The caller a bearer token stands for now, or null. The token's permissions feed the PWA's
   * menu; the server checks what holds now, so a revoked permission, a deleted user or a token
   * from before a logout or password change (an older token generation) stops working at once,
   * not when the token expires (see AccessCache for how long an answer is kept).
   */
  async function signedIn(db: FastifyInstance['db'], token: string): Promise<SessionUser | null> {
    const known = cache.verified(token);
    if (known) {
      const fresh = cache.current(known);
      if (fresh !== undefined) return fresh;
    }
    const claimed = known?.claimed ?? (await verifyAccessToken(opts.jwtSecret, token));
    if (!claimed) return null;
    const epoch = AccessCache.epoch();
    const permissions = await currentPermissions(
      db,
      claimed.id,
      claimed.companyId,
      claimed.generation,
    );
    const user = permissions ? { id: claimed.id, companyId: claimed.companyId, permissions } : null;
    cache.remember(token, claimed, claimed.expiresAt, user, epoch);
    return user;
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      // The OpenAPI pages describe the API; they hold no company data.
      route.config = { ...(route.config ?? {}), access: 'public' } as typeof route.config;
      return;
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const token = bearerFrom(request.headers.authorization);
    const user = token ? await signedIn(request.server.db, token) : null;
    if (!user) throw unauthorized();
    request.user = user;
    // Every later line of this request carries its company (the admin's log download filters on it);
    // lines of platform routes (brick_admin only: they act on any company) are marked as such.
    const platform = access !== 'user' && access.every((role) => role === 'brick_admin');
    request.log = request.log.child({
      company_id: user.companyId,
      user_id: user.id,
      ...(platform ? { platform: true } : {}),
    });
    reply.log = request.log;
    if (access === 'user') return;
    if (!access.some((role) => user.permissions.includes(Permission[role]))) throw forbidden();
  });
});
