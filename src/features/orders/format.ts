const MINUTE = 60_000;

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * An order's age in days, hours and minutes, e.g. '2 days 3 hours 14 minutes'.
 * A future or unreadable time counts as 0 minutes.
 */
export function formatAge(createdAt: string, now: number = Date.now()): string {
  const t = Date.parse(createdAt);
  const minutes = Number.isFinite(t) ? Math.max(0, Math.floor((now - t) / MINUTE)) : 0;
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  return [unit(days, 'day'), unit(hours, 'hour'), unit(minutes % 60, 'minute')].join(' ');
}

/** Lots|items: the number of order lines and the sum of their ordered quantities. */
export function lotsAndItems(lots: number, items: number): string {
  return `${lots}|${items}`;
}
