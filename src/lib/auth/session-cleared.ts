/**
 * What must be forgotten when the session ends (sign-out, an expired or revoked session): caches
 * of the signed-in user's data register here. A registry rather than an import, so the auth
 * provider, which every page loads, does not pull those caches' libraries in with it.
 */
const forgetters = new Set<() => void>();

export function onSessionCleared(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

export function sessionCleared(): void {
  forgetters.forEach((forget) => forget());
}
