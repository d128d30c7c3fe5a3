import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './use-tab-keyboard';

describe('tabAfterKey', () => {
  it('moves right and left, wrapping at both ends', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 1, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
  });

  it('jumps to the first tab on Home and the last on End', () => {
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
  });

  it('ignores every other key', () => {
    expect(tabAfterKey('Enter', 1, 3)).toBeNull();
    expect(tabAfterKey('ArrowDown', 1, 3)).toBeNull();
  });
});
