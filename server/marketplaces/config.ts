/**
 * Where the marketplace clients send their calls. Like the rest of the server's settings these come
 * from the environment; tests and benches point them at the local fake marketplaces.
 */
export interface MarketplaceConfig {
  /** BrickLink Store API base, e.g. `https://api.bricklink.com/api/store/v1`. */
  bricklinkApiUrl: string;
  /** BrickOwl API base, e.g. `https://api.brickowl.com/v1`. */
  brickowlApiUrl: string;
}

export const BRICKLINK_DEFAULT_URL = 'https://api.bricklink.com/api/store/v1';
export const BRICKOWL_DEFAULT_URL = 'https://api.brickowl.com/v1';

function baseUrl(value: string | undefined, fallback: string, name: string): string {
  const url = (value || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url))
    throw new Error(`${name} must be an http(s) address, not '${url}'`);
  return url;
}

export function loadMarketplaceConfig(env: NodeJS.ProcessEnv = process.env): MarketplaceConfig {
  return {
    bricklinkApiUrl: baseUrl(env.BRICKLINK_API_URL, BRICKLINK_DEFAULT_URL, 'BRICKLINK_API_URL'),
    brickowlApiUrl: baseUrl(env.BRICKOWL_API_URL, BRICKOWL_DEFAULT_URL, 'BRICKOWL_API_URL'),
  };
}
