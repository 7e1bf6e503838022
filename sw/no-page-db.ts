/**
 * What the worker build gets instead of src/offline/db.ts (vite.config.ts maps it), so Dexie stays
 * out of the worker: the worker opens its own view of the database (worker-db.ts) and passes it to
 * every engine call, so the engine's page default is never reached here.
 */
export { DB_NAME } from '../src/offline/schema';

export function getDb(): never {
  throw new Error('The service worker passes its own database (worker-db.ts) to the engine');
}

export function setDb(): void {}
