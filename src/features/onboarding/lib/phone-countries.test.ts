import { describe, expect, it } from 'vitest';
import { formatPhone, fromE164, isValidPhone, phoneDigits, toE164 } from './phone-countries';

describe('phone formatting', () => {
  it('formats US numbers 3-3-4 as they are typed', () => {
    expect(formatPhone('5', 'US')).toBe('5');
    expect(formatPhone('5551', 'US')).toBe('555-1');
    expect(formatPhone('555123456', 'US')).toBe('555-123-456');
    expect(formatPhone('(555) 123-4567', 'US')).toBe('555-123-4567');
    expect(formatPhone('55512345678999', 'US')).toBe('555-123-4567');
  });

  it('formats IL numbers 2-3-4', () => {
    expect(formatPhone('501234567', 'IL')).toBe('50-123-4567');
    expect(formatPhone('50 12', 'IL')).toBe('50-12');
    expect(formatPhone('5012345678', 'IL')).toBe('50-123-4567');
  });

  it('is valid at exactly 10 digits for the US and 9 for Israel', () => {
    expect(isValidPhone('555-123-456', 'US')).toBe(false);
    expect(isValidPhone('555-123-4567', 'US')).toBe(true);
    expect(isValidPhone('50-123-456', 'IL')).toBe(false);
    expect(isValidPhone('50-123-4567', 'IL')).toBe(true);
    expect(isValidPhone('', 'IL')).toBe(false);
  });

  it('sends the prefix plus digits only', () => {
    expect(toE164('555-123-4567', 'US')).toBe('+15551234567');
    expect(toE164('50-123-4567', 'IL')).toBe('+972501234567');
    expect(phoneDigits('a5b5c5', 'US')).toBe('555');
  });

  it('reads a stored number back for the prefill', () => {
    expect(fromE164('+15551234567')).toEqual({ country: 'US', phone: '555-123-4567' });
    expect(fromE164('+972501234567')).toEqual({ country: 'IL', phone: '50-123-4567' });
    expect(fromE164(null)).toEqual({ country: 'US', phone: '' });
  });
});
