import { sleep } from './retry';

/**
 * At most `limit` calls in any `windowMs` (a sliding window: the time of each of the last `limit`
 * calls is kept). `acquire()` resolves when a call may be sent, waiting when the window is full;
 * waiters are served in order. `marginMs` widens the window a little, so that calls sent just
 * inside our window do not arrive just inside the marketplace's next one.
 */
export class SlidingWindowLimiter {
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** Milliseconds spent waiting for the window, in all. */
  waitedMs = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly marginMs = 0,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit > 0) || !(windowMs > 0))
      throw new Error('A rate limit needs a positive limit and window');
  }

  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.take());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Calls sent within the current window. */
  inWindow(): number {
    this.prune(this.now());
    return this.sent.length;
  }

  private prune(at: number): void {
    const span = this.windowMs + this.marginMs;
    while (this.sent.length && this.sent[0] <= at - span) this.sent.shift();
  }

  private async take(): Promise<void> {
    for (;;) {
      const at = this.now();
      this.prune(at);
      if (this.sent.length < this.limit) {
        this.sent.push(at);
        return;
      }
      const wait = this.sent[0] + this.windowMs + this.marginMs - at + 1;
      this.waitedMs += wait;
      await sleep(wait);
    }
  }
}
