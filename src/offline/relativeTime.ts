/** "just now", "2 min ago", "3 h ago", or the date for anything older than a day. */
export function timeAgo(iso: string, now: number): string {
  const ms = now - Date.parse(iso);
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString('nl-NL');
}
