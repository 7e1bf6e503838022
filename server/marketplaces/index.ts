import { DailyCallBudget } from './budget';
import {
  BRICKLINK_DAILY_CALLS,
  BrickLinkClient,
  type BrickLinkCredentials,
} from './bricklink/client';
import {
  BRICKOWL_BATCHES_PER_MINUTE,
  BRICKOWL_PER_MINUTE,
  BrickOwlClient,
} from './brickowl/client';
import { loadMarketplaceConfig, type MarketplaceConfig } from './config';
import { SlidingWindowLimiter } from './rate-limiter';

export { BrickLinkClient, type BrickLinkCredentials } from './bricklink/client';
export { BrickOwlClient } from './brickowl/client';
export { MarketplaceError, BrickLinkError, BrickOwlError } from './errors';

/**
 * Hands out marketplace clients for stores, so that everything in this process calling for one
 * store shares that store's BrickLink daily budget and BrickOwl rate limiters (a budget or limiter
 * per client would let two jobs together go over the marketplace's limit).
 */
export class MarketplaceClients {
  private readonly budgets = new Map<string, DailyCallBudget>();
  private readonly limiters = new Map<string, [SlidingWindowLimiter, SlidingWindowLimiter]>();

  constructor(
    readonly config: MarketplaceConfig = loadMarketplaceConfig(),
    /** Called on every BrickLink call with the store, UTC day and count, to persist the count. */
    private readonly onBrickLinkCall?: (store: string, day: string, used: number) => void,
  ) {}

  /** `usedToday`: the store's count already persisted for today, when the budget is first made. */
  bricklink(store: string, credentials: BrickLinkCredentials, usedToday = 0): BrickLinkClient {
    let budget = this.budgets.get(store);
    if (!budget) {
      const onTake = this.onBrickLinkCall;
      budget = new DailyCallBudget(
        'bricklink',
        BRICKLINK_DAILY_CALLS,
        usedToday,
        undefined,
        onTake && ((day, used) => onTake(store, day, used)),
      );
      this.budgets.set(store, budget);
    }
    return new BrickLinkClient({ baseUrl: this.config.bricklinkApiUrl, credentials, budget });
  }

  brickowl(store: string, key: string): BrickOwlClient {
    let pair = this.limiters.get(store);
    if (!pair) {
      pair = [
        new SlidingWindowLimiter(BRICKOWL_PER_MINUTE, 60_000, 250),
        new SlidingWindowLimiter(BRICKOWL_BATCHES_PER_MINUTE, 60_000, 250),
      ];
      this.limiters.set(store, pair);
    }
    return new BrickOwlClient({
      baseUrl: this.config.brickowlApiUrl,
      key,
      limiter: pair[0],
      batchLimiter: pair[1],
    });
  }
}
