/**
 * A US number as people type it (415-555-0100, (415) 555 0100, 14155550100, +1 415 555 0100) in
 * E.164 (+14155550100), or null when it is not 10 digits with an optional leading 1.
 */
export function toUsE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return /^1\d{10}$/.test(digits) ? `+${digits}` : null;
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}

/** +14155550100 → +1 415-555-0100: US numbers read 3-3-4 with dashes. */
export function formatPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+1 ${match[1]}-${match[2]}-${match[3]}` : e164;
}
