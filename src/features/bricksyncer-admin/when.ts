/** A timestamp as a Dutch date and time. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { dateStyle: 'short', timeStyle: 'medium' });
