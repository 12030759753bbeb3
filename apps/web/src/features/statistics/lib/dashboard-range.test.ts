import { describe, expect, it } from 'vitest';
import { addDaysIso } from '@portal/shared/schemas/statistics';
import {
  defaultRange,
  percentChange,
  presetRange,
  previousPeriod,
  thinTicks,
  todayIn,
} from './dashboard-range';

const daysFrom = (from: string, n: number) => Array.from({ length: n }, (_, k) => addDaysIso(from, k));

describe('dashboard ranges', () => {
  it('default to 182 days before today up to tomorrow (001 §4)', () => {
    expect(defaultRange('2026-11-24')).toEqual({ from: '2026-05-26', to: '2026-11-25' });
  });

  it('give presets ending today, and the previous period of the same length', () => {
    expect(presetRange('last7', '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-25' });
    expect(presetRange('last30', '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-11-25' });
    expect(presetRange('thisYear', '2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    expect(previousPeriod({ from: '2026-11-18', to: '2026-11-25' })).toEqual({
      from: '2026-11-11',
      to: '2026-11-18',
    });
  });

  it("read today's date in the viewer's zone", () => {
    const instant = new Date('2026-03-09T03:30:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-03-08');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2026-03-09');
  });

  it('compute the change in per cent, none when there was nothing before', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('thin the ticks: yearly over 547 days, monthly over 45, weekly over 12 (001 §9)', () => {
    expect(thinTicks(daysFrom('2025-01-01', 12))).toHaveLength(12);
    expect(thinTicks(daysFrom('2025-01-01', 13))).toEqual(['2025-01-01', '2025-01-08']);
    expect(thinTicks(daysFrom('2025-01-15', 46))).toEqual(['2025-02-01', '2025-03-01']);
    expect(thinTicks(daysFrom('2024-06-01', 548))).toEqual(['2025-01-01']);
  });
});
