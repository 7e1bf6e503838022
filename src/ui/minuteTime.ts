const two = (n: number) => String(n).padStart(2, '0');

/**
 * A stored timestamp to the minute, read in the device's time zone: "2024-05-01 14:07". Text
 * that is not a date is shown without its last 3 characters (the seconds), as the original did.
 */
export function minuteTime(stored: string): string {
  const date = new Date(stored);
  if (!/^\d{4}-\d{2}-\d{2}/.test(stored) || Number.isNaN(date.getTime())) {
    return stored.length > 3 ? stored.slice(0, -3) : stored;
  }
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}`
  );
}
