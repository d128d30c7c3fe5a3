/** Spec §9: the first 10 characters, an ellipsis, the last 10. */
export function maskApiKey(key: string, visible = 10): string {
  if (key.length <= visible * 2) return key;
  return `${key.slice(0, visible)}…${key.slice(-visible)}`;
}
