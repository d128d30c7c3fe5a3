import { format, isValid, parseISO } from 'date-fns';
import { DATE_TIME_FORMAT } from '@/config/constants';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** 'MMM d, yyyy • h:mm a', or 'Invalid date' for anything unparseable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null) return 'Invalid date';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, DATE_TIME_FORMAT) : 'Invalid date';
}
