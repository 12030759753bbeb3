import { describe, expect, it } from 'vitest';
import { columnsOf } from './section-grid';

describe('columnsOf (001 §2 Dynamic pages)', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 2],
    [5, 3],
    [7, 3],
  ])('%i widgets: %i per row on wide screens', (count, columns) => expect(columnsOf(count)).toBe(columns));
});
