/** Dates on the warehouse desk: day, month, year and time in the warehouse's (Dutch) format. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('nl-NL', { dateStyle: 'short', timeStyle: 'short' });
}

/** One page of a list (10 per page), pages counted from 1. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): T[] {
  return rows.slice((page - 1) * perPage, page * perPage);
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
