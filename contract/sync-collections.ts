import { hasAnyRole, type RoleName } from './permissions';

/**
 * The pull collections (GET /api/v1/sync/pull?collection=…) and who pulls them: the server admits
 * these roles (403 for others) and a device pulls a collection only when its user holds one of
 * them. Listed in the order a device pulls them.
 */
const ORDER_ROLES = ['picker', 'order_manager'] as const satisfies readonly RoleName[];
const FLOOR_ROLES = [
  'picker',
  'order_manager',
  'warehouse_manager',
] as const satisfies readonly RoleName[];
const FILLER_ROLES = ['picker', 'order_manager'] as const satisfies readonly RoleName[];

interface SyncCollectionAccess {
  /** The roles whose devices pull the collection. */
  roles: readonly RoleName[];
  /** Reference data the server hands to every signed-in user (devices still pull it by `roles`). */
  everyone?: true;
  /**
   * Served to other clients, but the app's devices do not pull it: no screen reads it from the
   * device (order items and trays already carry the colour and mould names they show).
   */
  notPulled?: true;
}

export const SYNC_COLLECTIONS = {
  orders: { roles: ORDER_ROLES },
  order_items: { roles: ORDER_ROLES },
  locations: { roles: FLOOR_ROLES },
  location_content: { roles: FLOOR_ROLES },
  colours: { roles: FLOOR_ROLES, everyone: true, notPulled: true },
  moulds: { roles: FLOOR_ROLES, notPulled: true },
  // Trays of batches being filled.
  trays: { roles: FILLER_ROLES },
} as const satisfies Record<string, SyncCollectionAccess>;

export type SyncCollectionName = keyof typeof SYNC_COLLECTIONS;

/** The collections devices pull (every one not marked `notPulled`). */
export type PulledCollectionName = {
  [K in SyncCollectionName]: (typeof SYNC_COLLECTIONS)[K] extends { notPulled: true } ? never : K;
}[SyncCollectionName];

/** The roles the server requires to pull a collection (empty: every signed-in user). */
export function pullRoles(name: SyncCollectionName): readonly RoleName[] {
  const access: SyncCollectionAccess = SYNC_COLLECTIONS[name];
  return access.everyone ? [] : access.roles;
}

/** A collection's name and the roles the server requires (the start of its server definition). */
export function pullAccess<N extends SyncCollectionName>(
  name: N,
): { name: N; roles: readonly RoleName[] } {
  return { name, roles: pullRoles(name) };
}

/** The collections a device pulls for a user with these permissions, in pull order. */
export function collectionsPulledBy(permissions: readonly number[]): PulledCollectionName[] {
  return (Object.keys(SYNC_COLLECTIONS) as SyncCollectionName[]).filter(
    (name): name is PulledCollectionName => {
      const access: SyncCollectionAccess = SYNC_COLLECTIONS[name];
      return !access.notPulled && hasAnyRole(permissions, access.roles);
    },
  );
}
