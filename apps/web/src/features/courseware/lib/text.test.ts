import { describe, expect, it } from 'vitest';
import { cutChipText, trimDescription } from './text';

describe('cutChipText', () => {
  it('keeps text of up to 30 characters', () => {
    expect(cutChipText('a'.repeat(30))).toBe('a'.repeat(30));
  });
  it('cuts longer text at 30 characters with an ellipsis', () => {
    expect(cutChipText('Knowledge of computer networking concepts')).toBe('Knowledge of computer networki…');
  });
});

describe('trimDescription', () => {
  it('keeps short text, with whitespace collapsed', () => {
    expect(trimDescription('  A short\n description. ')).toBe('A short description.');
  });
  it('trims to about 80 characters at a word break', () => {
    const text =
      'The learning objective of this lab is for students to gain first-hand experience on buffer-overflow vulnerability.';
    const trimmed = trimDescription(text);
    expect(trimmed).toBe('The learning objective of this lab is for students to gain first-hand experience…');
    expect(trimmed.length).toBeLessThanOrEqual(81);
  });
  it('cuts a long word without breaks at the limit', () => {
    expect(trimDescription('x'.repeat(200))).toBe(`${'x'.repeat(80)}…`);
  });
});
