import { API_KEY_VISIBLE_CHARS } from '@/config/constants';

/** A key as the dashboard shows it: the first 10 characters, an ellipsis, the last 10. Short keys are shown whole. */
export function maskApiKey(key: string, visible = API_KEY_VISIBLE_CHARS): string {
  if (key.length <= visible * 2) return key;
  return `${key.slice(0, visible)}…${key.slice(-visible)}`;
}
