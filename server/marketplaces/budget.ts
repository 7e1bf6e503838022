import { MarketplaceError, type Marketplace } from './errors';

/**
 * A daily call budget (BrickLink allows 5,000 calls a day). Every call sent — retries included —
 * takes one; when none is left the call fails at once with `BUDGET_EXHAUSTED` and is never sent.
 * Days are counted in UTC. `onTake` lets a caller persist the count (so that several server
 * processes, or a restart, share one budget); `used` may start from a persisted count.
 */
export class DailyCallBudget {
  private day: string;

  constructor(
    readonly marketplace: Marketplace,
    readonly limit: number,
    public used = 0,
    private readonly now: () => Date = () => new Date(),
    private readonly onTake?: (day: string, used: number) => void,
  ) {
    this.day = this.today();
  }

  get remaining(): number {
    this.rollOver();
    return Math.max(0, this.limit - this.used);
  }

  take(): void {
    this.rollOver();
    if (this.used >= this.limit) {
      const tomorrow = new Date(`${this.day}T00:00:00.000Z`).getTime() + 86_400_000;
      throw new MarketplaceError(
        this.marketplace,
        'BUDGET_EXHAUSTED',
        `The daily budget of ${this.limit} calls is used up; it renews at 00:00 UTC`,
        429,
        true,
        tomorrow - this.now().getTime(),
      );
    }
    this.used += 1;
    this.onTake?.(this.day, this.used);
  }

  private today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  private rollOver(): void {
    const today = this.today();
    if (today !== this.day) {
      this.day = today;
      this.used = 0;
    }
  }
}
