import { beforeEach, describe, expect, it } from 'vitest';
import { readLocalSetting, writeLocalSetting } from './local-settings';

describe('locally stored settings', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a value under the default version 1.00', () => {
    writeLocalSetting('portal.rows', 50);
    expect(JSON.parse(window.localStorage.getItem('portal.rows')!)).toEqual({ version: '1.00', value: 50 });
    expect(readLocalSetting<number>('portal.rows')).toBe(50);
  });

  it('discards a value stored under another version, or unreadable', () => {
    writeLocalSetting('portal.rows', 50, '0.90');
    expect(readLocalSetting<number>('portal.rows')).toBeNull();
    expect(window.localStorage.getItem('portal.rows')).toBeNull();
    window.localStorage.setItem('portal.other', '{not json');
    expect(readLocalSetting('portal.other')).toBeNull();
    expect(window.localStorage.getItem('portal.other')).toBeNull();
  });
});
