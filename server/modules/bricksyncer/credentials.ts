import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CREDENTIAL_FIELDS,
  maskCredential,
  StoreMessages,
  type StorePlatform,
} from '../../../contract/bricksyncer';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { companyRow } from '../../write/company-row';

/**
 * Store credentials are kept encrypted with AES-256-GCM: `v1.` + base64url of a 12-byte nonce, the
 * 16-byte tag and the ciphertext of the credentials' JSON. The company id is bound in as associated
 * data, so a value copied to another company's row does not decrypt. The key is derived from the
 * server's CREDENTIAL_KEY setting (docs/bricksyncer-admin.md).
 */
const PREFIX = 'v1.';

export function credentialCipherKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bricksyncer-stores', 'store credentials', 32));
}

export function encryptCredentials(
  key: Buffer,
  companyId: number,
  credentials: Record<string, string>,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`company:${companyId}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The stored credentials, or {} when none were ever set (throws when the value was tampered with). */
export function decryptCredentials(
  key: Buffer,
  companyId: number,
  stored: string,
): Record<string, string> {
  if (!stored) return {};
  if (!stored.startsWith(PREFIX)) throw new Error('Store credentials are not in the v1 format');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`company:${companyId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(json) as Record<string, string>;
}

/**
 * The stored credentials, or {} when they cannot be read (a changed CREDENTIAL_KEY, a value copied
 * from another company): the store then asks for them again instead of failing.
 */
export function readableCredentials(
  key: Buffer,
  companyId: number,
  stored: string,
): Record<string, string> {
  try {
    return decryptCredentials(key, companyId, stored);
  } catch {
    return {};
  }
}

/** The platform's credentials as the API shows them: secrets only as set or not, never any part. */
export function maskedCredentials(
  platform: StorePlatform,
  credentials: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    CREDENTIAL_FIELDS[platform].map((f) => [f.key, maskCredential(f.key, credentials[f.key])]),
  );
}

/** The key of each running server's database (set when the module registers). */
const keys = new WeakMap<object, Buffer>();

export function rememberCredentialKey(db: Kysely<Database>, key: Buffer): void {
  keys.set(db, key);
}

export function credentialKeyOf(db: Kysely<Database>): Buffer {
  const key = keys.get(db);
  if (!key) {
    throw new Error('No store credential key for this database: pass the server db or the key');
  }
  return key;
}

export type BrickLinkCredentials = {
  consumer_key: string;
  consumer_secret: string;
  token_key: string;
  token_secret: string;
};
export type BrickOwlCredentials = { api_key: string };

export type StoreWithCredentials =
  | {
      id: number;
      name: string;
      external_id: string;
      platform: 'BRICKLINK';
      credentials: BrickLinkCredentials | null;
    }
  | {
      id: number;
      name: string;
      external_id: string;
      platform: 'BRICKOWL';
      credentials: BrickOwlCredentials | null;
    };

/** A store's row as the routes read and answer it (credentials still encrypted). */
export const STORE_COLUMNS = [
  'id',
  'company_id',
  'name',
  'platform',
  'external_id',
  'credentials',
  'currency',
] as const;

/** The company's store (credentials still encrypted), or 404 'Store not found'. */
export async function mustFindStore(db: Kysely<Database>, companyId: number, id: number) {
  return companyRow(db, 'stores', companyId, id, STORE_COLUMNS, () =>
    notFound(StoreMessages.notFound),
  );
}

/**
 * A store of the company with its credentials decrypted, for the marketplace clients only (never
 * sent to a browser). credentials is null while any credential of the platform is missing.
 * Throws 404 'Store not found' for another company's or an unknown store. Pass the server's db
 * (whose key the module remembered) or, inside a transaction, the key from
 * credentialCipherKey(app.config.credentialKey).
 */
export async function storeCredentials(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  key: Buffer = credentialKeyOf(db),
): Promise<StoreWithCredentials> {
  const row = await mustFindStore(db, companyId, storeId);
  const plain = readableCredentials(key, companyId, row.credentials);
  const complete = CREDENTIAL_FIELDS[row.platform].every((f) => !!plain[f.key]);
  const picked = Object.fromEntries(
    CREDENTIAL_FIELDS[row.platform].map((f) => [f.key, plain[f.key]]),
  );
  const base = { id: row.id, name: row.name, external_id: row.external_id };
  return row.platform === 'BRICKLINK'
    ? {
        ...base,
        platform: 'BRICKLINK',
        credentials: complete ? (picked as BrickLinkCredentials) : null,
      }
    : {
        ...base,
        platform: 'BRICKOWL',
        credentials: complete ? (picked as BrickOwlCredentials) : null,
      };
}
