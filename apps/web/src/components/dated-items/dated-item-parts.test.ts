import { afterEach, describe, expect, it } from 'vitest';
import { longDate, longDateTime } from './dated-item-parts';
import { formatDate, monthAndDay } from '../../lib/format';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('long dates of news and events (001 §2)', () => {
  it('writes the month in full, the day and the year', () => {
    expect(longDate('2026-11-24T10:15:00')).toBe('November 24, 2026');
    expect(longDate('2019-03-05')).toBe('March 5, 2019');
  });

  it('adds the time on a twelve-hour clock with AM or PM', () => {
    expect(longDateTime('2026-11-24T10:15:00')).toBe('November 24, 2026, 10:15 AM');
    expect(longDateTime('2026-01-02T00:05:00')).toBe('January 2, 2026, 12:05 AM');
    expect(longDateTime('2026-07-31T12:00:00')).toBe('July 31, 2026, 12:00 PM');
    expect(longDateTime('2026-07-31T23:59:00')).toBe('July 31, 2026, 11:59 PM');
  });

  it("shows a timestamp in the reader's time zone", () => {
    process.env.TZ = 'America/New_York';
    expect(longDateTime('2026-11-24T03:30:00Z')).toBe('November 23, 2026, 10:30 PM');
    expect(longDate('2026-11-24T03:30:00Z')).toBe('November 23, 2026');
    process.env.TZ = 'Asia/Tokyo';
    expect(longDateTime('2026-11-24T20:00:00.000Z')).toBe('November 25, 2026, 5:00 AM');
  });

  it('reads a date without a time as that calendar day wherever the reader is', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(longDate('2019-10-01')).toBe('October 1, 2019');
    expect(formatDate('2019-10-01')).toBe('2019-10-01');
  });
});

describe('the date tile of an item without an image', () => {
  it('shows the month abbreviated and the day', () => {
    expect(monthAndDay('2026-09-07T18:00:00')).toEqual({ month: 'Sep', day: '7' });
    expect(monthAndDay('2026-05-31')).toEqual({ month: 'May', day: '31' });
    expect(monthAndDay('soon')).toBeNull();
  });
});

describe('formatDate (000 §9)', () => {
  it('writes YYYY-MM-DD in the reader’s time zone', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDate('2026-11-24T03:30:00Z')).toBe('2026-11-23');
    expect(formatDate('2026-02-05T12:00:00')).toBe('2026-02-05');
  });

  it('is empty for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
