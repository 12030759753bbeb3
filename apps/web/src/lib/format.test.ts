import { describe, expect, it } from 'vitest';
import { currencyFilter, dateFilter } from './format';

describe('display filters (001 §9)', () => {
  it('cuts dates to 10 characters', () => {
    expect(dateFilter('2026-11-24T10:15:00.000Z')).toBe('2026-11-24');
    expect(dateFilter('2019-10-01')).toBe('2019-10-01');
    expect(dateFilter(null)).toBe('');
  });

  it('shows currency with two decimals', () => {
    expect(currencyFilter(12.5)).toBe('12.50');
    expect(currencyFilter(3)).toBe('3.00');
    expect(currencyFilter(0.1 + 0.2)).toBe('0.30');
    expect(currencyFilter(undefined)).toBe('');
    expect(currencyFilter(Number.NaN)).toBe('');
  });
});
