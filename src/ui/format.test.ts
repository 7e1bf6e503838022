import { describe, expect, it } from 'vitest';
import {
  colourName,
  euros,
  eurosFromThousandths,
  hours,
  itemLabel,
  localDate,
  localDateTime,
  personName,
  yesNo,
} from './format';

describe('values people read', () => {
  it('shows euros with a thousands separator and two decimals', () => {
    expect(euros(1234.56)).toBe('€1,234.56');
    expect(euros(0)).toBe('€0.00');
    expect(euros(1_000_000_000_000)).toBe('€1,000,000,000,000.00');
  });

  it('shows prices stored in thousandths as euros, keeping a third decimal', () => {
    expect(eurosFromThousandths(1_234_560)).toBe('€1,234.56');
    expect(eurosFromThousandths(50)).toBe('€0.05');
    expect(eurosFromThousandths(5)).toBe('€0.005');
    expect(eurosFromThousandths(0)).toBe('€0.00');
  });

  it('shows hours with two decimals', () => {
    expect(hours(1234.5)).toBe('1,234.50 h');
  });

  it('shows stored timestamps as local dates, never as ISO text', () => {
    const stored = '2024-05-01T14:07:09.123Z';
    const local = new Date(stored);
    expect(localDate(stored)).toBe(local.toLocaleDateString());
    expect(localDateTime(stored)).not.toContain('T14:07');
    expect(localDateTime(stored)).toContain(String(local.getFullYear()));
    expect(localDate(null)).toBe('–');
    expect(localDateTime('')).toBe('–');
  });

  it('names people, items and colours, never by id', () => {
    expect(personName('Dana Digi')).toBe('Dana Digi');
    expect(personName(null)).toBe('someone else');
    expect(itemLabel({ number: '1003', name: 'Brick 2 x 4' })).toBe('1003 Brick 2 x 4');
    expect(itemLabel(undefined)).toBe('unknown item');
    expect(colourName('Bright Red')).toBe('Bright Red');
    expect(colourName(undefined)).toBe('unknown colour');
    expect(yesNo(1)).toBe('Yes');
    expect(yesNo(0)).toBe('No');
  });
});
