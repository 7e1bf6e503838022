import { matchesPattern } from '../../../contract/access';
import { Permission } from '../../../contract/permissions';

/**
 * The floor's screens (docs/offline.md): the ones that must keep working without Wi-Fi, where a
 * device that cannot is told so lastingly. An order's detail is the floor for a picker only.
 */
const FLOOR_PATTERNS = ['/user_orders', '/picker', '/trays', '/location', '/find_item'];

export function isFloorPath(pathname: string, permissions: readonly number[]): boolean {
  if (FLOOR_PATTERNS.some((p) => matchesPattern(p, pathname))) return true;
  return matchesPattern('/order/:orderId', pathname) && permissions.includes(Permission.picker);
}
