export type Marketplace = 'bricklink' | 'brickowl';

/**
 * A call to a marketplace that did not succeed. `code` is the marketplace's own result name where
 * it gives one (BrickLink: `BAD_OAUTH_REQUEST`, `RESOURCE_NOT_FOUND`…), or one of ours:
 * `BUDGET_EXHAUSTED` (our own daily budget refused the call before it was sent), `RATE_LIMITED`,
 * `NETWORK`, `BAD_RESPONSE`. `retryable` says whether the same call may be tried again later.
 */
export class MarketplaceError extends Error {
  constructor(
    readonly marketplace: Marketplace,
    readonly code: string,
    message: string,
    readonly status: number,
    readonly retryable = false,
    /** When the marketplace said how long to wait (Retry-After), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'MarketplaceError';
  }
}

/** What a marketplace's own error is made of: all a MarketplaceError holds but the marketplace. */
type MarketplaceErrorArgs = [
  code: string,
  message: string,
  status: number,
  retryable?: boolean,
  retryAfterMs?: number,
];

export class BrickLinkError extends MarketplaceError {
  constructor(...args: MarketplaceErrorArgs) {
    super('bricklink', ...args);
    this.name = 'BrickLinkError';
  }
}

export class BrickOwlError extends MarketplaceError {
  constructor(...args: MarketplaceErrorArgs) {
    super('brickowl', ...args);
    this.name = 'BrickOwlError';
  }
}
