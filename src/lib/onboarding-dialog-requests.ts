import { useSyncExternalStore } from 'react';

/**
 * Whether the onboarding dialogs are asked for, and which the user closed on this page. They open
 * only on request (going live, or the Getting started checklist): test mode needs no paperwork.
 * Closing hides a dialog until its step changes or something asks for it again, so a closed KYC
 * dialog is one click away, not only on reload.
 */
type Requests = { requested: boolean; dismissed: readonly string[] };

let state: Requests = { requested: false, dismissed: [] };
const listeners = new Set<() => void>();

function set(next: Requests) {
  state = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const onboardingDialogs = {
  dismiss: (which: readonly string[]) => set({ ...state, dismissed: which }),
  /** Shows the dialog of the account's current step. */
  request: () => set({ requested: true, dismissed: [] }),
  /** Back to none asked for (a new page, a test). */
  reset: () => set({ requested: false, dismissed: [] }),
};

export function useOnboardingDialogRequests(): Requests {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
