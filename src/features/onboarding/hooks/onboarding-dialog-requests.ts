import { useSyncExternalStore } from 'react';

/**
 * Which onboarding dialogs the user closed on this page. Closing hides a dialog until its step
 * changes or something asks for it again (the Getting started checklist does), so a closed KYC
 * dialog is one click away, not only on reload.
 */
let dismissed: readonly string[] = [];
const listeners = new Set<() => void>();

function set(next: readonly string[]) {
  dismissed = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const onboardingDialogs = {
  dismiss: (which: readonly string[]) => set(which),
  /** Shows the dialog of the account's current step again. */
  reopen: () => set([]),
};

export function useDismissedOnboardingDialogs(): readonly string[] {
  return useSyncExternalStore(
    subscribe,
    () => dismissed,
    () => dismissed,
  );
}
