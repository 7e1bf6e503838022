import { describe, expect, it } from 'vitest';
import { reportTime } from './reportTime';

describe('reportTime', () => {
  it('shows an ISO time to the minute in local time', () => {
    const iso = '2024-05-01T12:07:59.123Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(reportTime(iso)).toBe(
      `2024-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`,
    );
    expect(reportTime(iso)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('drops the last 3 characters of text that is not a date, as the original did', () => {
    expect(reportTime('01-05-2024 14:07:33')).toBe('01-05-2024 14:07');
    expect(reportTime('abc')).toBe('abc');
  });
});
