import type { FastifyInstance } from 'fastify';
import { JSON_API } from '../../../contract/bricksyncer';
import { adminRoutes } from './admin';
import { credentialCipherKey, rememberCredentialKey } from './credentials';
import { storeItemRoutes } from './store-items';
import { storeRoutes } from './stores';

export {
  credentialCipherKey,
  storeCredentials,
  type BrickLinkCredentials,
  type BrickOwlCredentials,
  type StoreWithCredentials,
} from './credentials';

/**
 * The marketplace back office: stores and their encrypted credentials, items on sale, stock
 * errors, settings and the sync log (docs/bricksyncer-admin.md).
 */
export async function bricksyncerModule(app: FastifyInstance): Promise<void> {
  if (!process.env.CREDENTIAL_KEY) {
    const log = process.env.NODE_ENV === 'production' ? app.log.error : app.log.warn;
    log.call(
      app.log,
      'CREDENTIAL_KEY is not set: store credentials are encrypted with a key generated into ' +
        'DATA_DIR/secrets.json. Set CREDENTIAL_KEY in production and keep it safe: without it the ' +
        'stored credentials cannot be read.',
    );
  }
  rememberCredentialKey(app.db, credentialCipherKey(app.config.credentialKey));
  // JSON:API bodies are JSON.
  app.addContentTypeParser(
    JSON_API,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  await app.register(storeRoutes);
  await app.register(storeItemRoutes);
  await app.register(adminRoutes);
}
