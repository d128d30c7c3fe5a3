import { describe, expect, it } from 'vitest';
import { maskApiKey } from './mask-api-key';

describe('maskApiKey', () => {
  it('shows the first 10 characters, an ellipsis and the last 10', () => {
    const key = 'dw_' + '0123456789abcdef'.repeat(4);
    expect(maskApiKey(key)).toBe('dw_0123456…6789abcdef');
    expect(maskApiKey(key)).toHaveLength(21);
    expect(maskApiKey(key).startsWith(key.slice(0, 10))).toBe(true);
    expect(maskApiKey(key).endsWith(key.slice(-10))).toBe(true);
  });

  it('leaves a short value whole', () => {
    expect(maskApiKey('short')).toBe('short');
  });
});
