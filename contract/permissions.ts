/** Numeric permission codes carried in the access token (docs/access.md). */
export const Permission = {
  brick_admin: 0,
  admin: 1,
  warehouse_manager: 2,
  picker: 3,
  sales_manager: 4,
  order_manager: 5,
  bricksyncer: 6,
  digibrick_manager: 7,
  digibrick_user: 8,
} as const;

export type RoleName = keyof typeof Permission;
export type PermissionId = (typeof Permission)[RoleName];

export const ALL_PERMISSION_IDS: PermissionId[] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

export const PERMISSION_DESCRIPTIONS: Record<PermissionId, string> = {
  0: 'brick_admin',
  1: 'admin',
  2: 'warehouse_manager',
  3: 'picker',
  4: 'sales_manager',
  5: 'order_manager',
  6: 'bricksyncer',
  7: 'digibrick_manager',
  8: 'digibrick_user',
};

export type RoleFlags = Record<RoleName, boolean>;

/** The flag object the PWA keeps in its session: one boolean per role. */
export function roleFlags(permissions: readonly number[]): RoleFlags {
  const flags = {} as RoleFlags;
  for (const [name, id] of Object.entries(Permission) as [RoleName, PermissionId][]) {
    flags[name] = permissions.includes(id);
  }
  return flags;
}

export function hasAnyRole(permissions: readonly number[], roles: readonly RoleName[]): boolean {
  return roles.some((r) => permissions.includes(Permission[r]));
}
