/**
 * The sync engine modules plug into: define mutations (push) and collections (pull), register
 * them from the module's route plugin, and stamp synced rows with versions.
 */
export { defineMutation, registerMutation, MutationRejected } from './mutations';
export type { MutationContext, MutationDef } from './mutations';
export { defineCollection, registerCollection } from './collections';
export type { CollectionDef } from './collections';
export {
  nextVersion,
  recordTombstone,
  recordTombstones,
  currentVersion,
  restampRows,
  restampStock,
  SHARED_SCOPE,
} from './version';
export { pruneSyncHistory } from './housekeeping';
