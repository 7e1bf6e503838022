import { Permission, type RoleName } from './permissions';

/** A path every signed-in user opens, whatever their roles (Check this device). */
export const SIGNED_IN = 'signed-in';

/**
 * Which roles may open which PWA paths. Patterns match whole path segments (`:x` matches any one
 * segment), so `/order` admits `/order/12` but not `/orders`. This fixes the original guard, which
 * matched bare prefixes and so admitted every path (docs/access.md). The server enforces the same
 * roles on the API routes behind each area.
 */
export const PATH_RULES: { pattern: string; roles: RoleName[] | typeof SIGNED_IN }[] = [
  { pattern: '/brick_admin', roles: ['brick_admin'] },
  { pattern: '/admin', roles: ['admin'] },
  { pattern: '/audit', roles: ['admin', 'brick_admin'] },
  { pattern: '/brickbase/controllers', roles: ['admin'] },
  { pattern: '/brickbase/changelog', roles: ['admin'] },
  { pattern: '/brickbase/suggestions', roles: ['admin'] },
  { pattern: '/brickbase/catalog', roles: ['digibrick_user', 'digibrick_manager', 'admin'] },
  { pattern: '/brickbase/iteminfo/:id', roles: ['digibrick_user', 'digibrick_manager', 'admin'] },
  { pattern: '/brickbase/setinfo/:id', roles: ['digibrick_user', 'digibrick_manager', 'admin'] },
  { pattern: '/brickbase/:id/edit', roles: ['digibrick_user', 'digibrick_manager', 'admin'] },
  { pattern: '/projects', roles: ['digibrick_manager', 'digibrick_user'] },
  { pattern: '/backup/:projectid', roles: ['digibrick_manager', 'digibrick_user'] },
  { pattern: '/catalog', roles: ['digibrick_manager', 'digibrick_user'] },
  { pattern: '/bricksyncer', roles: ['bricksyncer'] },
  { pattern: '/inventory', roles: ['sales_manager'] },
  { pattern: '/item_overview', roles: ['sales_manager'] },
  { pattern: '/orders', roles: ['order_manager'] },
  { pattern: '/order/:orderId', roles: ['order_manager', 'picker'] },
  { pattern: '/user_orders', roles: ['picker', 'order_manager'] },
  { pattern: '/picker/:orderId', roles: ['picker'] },
  { pattern: '/fill_orders', roles: ['order_manager'] },
  { pattern: '/trays', roles: ['picker', 'order_manager'] },
  { pattern: '/location', roles: ['warehouse_manager', 'picker'] },
  // A read of the device's own copy of the catalog: no server route behind it.
  { pattern: '/find_item', roles: ['picker', 'order_manager', 'warehouse_manager'] },
  { pattern: '/reports', roles: ['warehouse_manager'] },
  { pattern: '/item_reports', roles: ['order_manager'] },
  { pattern: '/devices', roles: ['admin', 'warehouse_manager'] },
  // A check of the device in hand: every signed-in user, no server route behind it but a public one.
  { pattern: '/device-check', roles: SIGNED_IN },
];

/** Paths open without a session. */
export const PUBLIC_PATTERNS = ['/', '/forgot_password', '/set_password/:token'];

function segments(path: string): string[] {
  return path.split('?')[0].split('#')[0].split('/').filter(Boolean);
}

/** True when `path` starts with all segments of `pattern` (a `:param` segment matches any one). */
export function matchesPattern(pattern: string, path: string): boolean {
  const p = segments(pattern);
  const s = segments(path);
  if (p.length === 0) return s.length === 0;
  if (s.length < p.length) return false;
  return p.every((seg, i) => seg.startsWith(':') || seg === s[i]);
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATTERNS.some((pattern) => {
    const p = segments(pattern);
    const s = segments(path);
    return p.length === s.length && p.every((seg, i) => seg.startsWith(':') || seg === s[i]);
  });
}

export function rolesForPath(path: string): RoleName[] | typeof SIGNED_IN | undefined {
  return PATH_RULES.find((r) => matchesPattern(r.pattern, path))?.roles;
}

export function canOpenPath(permissions: readonly number[], path: string): boolean {
  const roles = rolesForPath(path);
  if (!roles) return false;
  if (roles === SIGNED_IN) return true;
  return roles.some((r) => permissions.includes(Permission[r]));
}

/**
 * Where a signed-in user lands (first match wins; docs/access.md), with targets that exist:
 * picker_manager is the order_manager, and digitizing staff land on their projects.
 */
export function homePath(permissions: readonly number[]): string {
  const has = (r: RoleName) => permissions.includes(Permission[r]);
  if (has('brick_admin')) return '/brick_admin';
  if (has('admin')) return '/admin';
  if (has('warehouse_manager')) return '/location/1';
  if (has('sales_manager')) return '/inventory';
  if (has('order_manager')) return '/orders';
  if (has('picker')) return '/user_orders';
  if (has('bricksyncer')) return '/bricksyncer/add_items';
  if (has('digibrick_manager') || has('digibrick_user')) return '/projects';
  return '/';
}
