/**
 * A bounded queue for CPU-heavy work (password hashing): at most `concurrency` jobs run at once and
 * at most `maxWaiting` more wait. A place is reserved synchronously, before any other work of the
 * request, so a flood is turned away at once (the caller answers 503 with Retry-After) instead of
 * piling up hashing jobs that would starve every other request of CPU.
 */
export class WorkQueue {
  private running = 0;
  private reserved = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Jobs running or waiting (including reserved places whose job has not been handed in yet). */
  get size(): number {
    return this.reserved;
  }

  /** A place for one job, or null when the queue is full and the request should be shed. */
  reserve(): Reservation | null {
    if (this.reserved >= this.concurrency + this.maxWaiting) return null;
    this.reserved++;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      return true;
    };
    return {
      run: async <T>(job: () => Promise<T>): Promise<T> => {
        if (!settle()) throw new Error('reservation already used');
        await this.acquire();
        try {
          return await job();
        } finally {
          this.release();
          this.reserved--;
        }
      },
      cancel: () => {
        if (settle()) this.reserved--;
      },
    };
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next job: `running` stays the same.
    if (next) next();
    else this.running--;
  }
}

/** One reserved place: run the job once, or cancel when the request ends before hashing. */
export interface Reservation {
  run<T>(job: () => Promise<T>): Promise<T>;
  cancel(): void;
}
