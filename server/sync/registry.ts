/**
 * Definitions known by name (collections, mutations). Adding the same definition again is a no-op
 * (several apps in one process); another definition under a taken name is a programming error.
 */
export function namedRegistry<T extends { name: string }>(kind: string) {
  const byName = new Map<string, T>();
  return {
    add(defs: readonly T[]): void {
      for (const def of defs) {
        const existing = byName.get(def.name);
        if (existing && existing !== def) {
          throw new Error(`Sync ${kind} ${def.name} is already registered`);
        }
        byName.set(def.name, def);
      }
    },
    find: (name: string): T | undefined => byName.get(name),
  };
}
