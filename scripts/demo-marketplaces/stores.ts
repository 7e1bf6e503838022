import { CREDENTIAL_FIELDS, type StorePlatform } from '../../contract/bricksyncer';
import type { BrickLinkCredentials } from '../../server/marketplaces/bricklink/client';

/** The demo company's bricksyncer, who may change its stores. */
export const DEMO_SYNCER = 'syncer@demo.test';
export const DEMO_PASSWORD = 'demo-password';
/** The demo company's stores, by platform, as the demo data names them. */
export const DEMO_STORES: Record<StorePlatform, { name: string; external_id: string }> = {
  BRICKLINK: { name: 'Demo Bricks on BrickLink', external_id: 'demobricks' },
  BRICKOWL: { name: 'Demo Bricks on BrickOwl', external_id: '482913' },
};

interface StoreRow {
  id: string;
  attributes: { name: string; platform: StorePlatform; external_id: string };
}

async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Gives the demo company's BrickLink and BrickOwl stores the credentials of the local fake
 * marketplaces, the way a bricksyncer does on the Stores screen: signed in as the demo bricksyncer,
 * through the stores API (`PATCH /api/v2/stores/{id}`; `POST` when the store is gone). Resolves the
 * two stores' ids.
 */
export async function giveDemoStoresCredentials(
  serverUrl: string,
  bricklink: BrickLinkCredentials,
  brickowlKey: string,
): Promise<Record<StorePlatform, number>> {
  const basic = Buffer.from(`${DEMO_SYNCER}:${DEMO_PASSWORD}`).toString('base64');
  const { access_token } = (await call(
    `${serverUrl}/api/login`,
    { method: 'POST', headers: { authorization: `Basic ${basic}` } },
    `Signing in as ${DEMO_SYNCER} (is the demo data loaded?)`,
  )) as { access_token: string };
  const headers = {
    authorization: `Bearer ${access_token}`,
    'content-type': 'application/json',
  };
  const { data: stores } = (await call(
    `${serverUrl}/api/v2/stores`,
    { headers },
    'Reading the stores',
  )) as { data: StoreRow[] };
  const credentials: Record<StorePlatform, Record<string, string>> = {
    BRICKLINK: {
      consumer_key: bricklink.consumerKey,
      consumer_secret: bricklink.consumerSecret,
      token_key: bricklink.tokenValue,
      token_secret: bricklink.tokenSecret,
    },
    BRICKOWL: { api_key: brickowlKey },
  };
  const ids = {} as Record<StorePlatform, number>;
  for (const platform of Object.keys(DEMO_STORES) as StorePlatform[]) {
    const wanted = DEMO_STORES[platform];
    const keys = CREDENTIAL_FIELDS[platform].map((f) => f.key as string);
    if (keys.some((k) => !credentials[platform][k]))
      throw new Error(`${platform}: a key is missing`);
    const found =
      stores.find((s) => s.attributes.platform === platform && s.attributes.name === wanted.name) ??
      stores.find((s) => s.attributes.platform === platform);
    const attributes = {
      name: found?.attributes.name ?? wanted.name,
      platform,
      external_id: found?.attributes.external_id ?? wanted.external_id,
      credentials: credentials[platform],
    };
    const body = JSON.stringify({ data: { type: 'stores', attributes } });
    const saved = (await call(
      found ? `${serverUrl}/api/v2/stores/${found.id}` : `${serverUrl}/api/v2/stores`,
      { method: found ? 'PATCH' : 'POST', headers, body },
      `Saving the credentials of '${attributes.name}'`,
    )) as { data: { id: string } };
    ids[platform] = Number(saved.data.id);
  }
  return ids;
}
