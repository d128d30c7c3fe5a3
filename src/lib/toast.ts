import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * The app's toasts. sonner loads with the first toast, not with the page: a visitor who is never
 * shown one (most of them, on the public pages) never downloads it. The Toaster mounts once sonner
 * is asked for (`useToasterWanted`) and shows what was raised before it mounted, since sonner
 * replays the active toasts to a new Toaster. Toasts keep the order they were raised in: each
 * waits on the same import.
 */
type Sonner = typeof import('sonner');
type Title = Parameters<Sonner['toast']>[0];

let sonner: Promise<Sonner> | null = null;
const wantedListeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    wantedListeners.forEach((listener) => listener());
  }
  return sonner;
}

const subscribe = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};

/** Whether anything has raised a toast yet (then the Toaster belongs on the page). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => sonner !== null,
    () => false,
  );
}

const show =
  (kind?: 'success' | 'error' | 'info') =>
  (title: Title, options?: ExternalToast): void => {
    void loadSonner().then(({ toast: sonnerToast }) =>
      kind ? sonnerToast[kind](title, options) : sonnerToast(title, options),
    );
  };

/** The ids of the open toasts that belong to the view that raised them. */
const viewToastIds = new Set<string | number>();
let nextViewToast = 0;

export const toast = Object.assign(show(), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  /**
   * An error about what is on screen (a form's refused submit): it goes when the view does, on a
   * route change or when the form moves on (`dismissViewErrors`), so it never sits over the next
   * view's message.
   */
  viewError: (title: Title, options?: ExternalToast): void => {
    const id = options?.id ?? `view-error-${++nextViewToast}`;
    viewToastIds.add(id);
    show('error')(title, { ...options, id });
  },
  dismissViewErrors: (): void => {
    if (viewToastIds.size === 0 || !sonner) return;
    const ids = [...viewToastIds];
    viewToastIds.clear();
    void sonner.then(({ toast: sonnerToast }) => ids.forEach((id) => sonnerToast.dismiss(id)));
  },
  dismiss: (id?: string | number): void => {
    // Nothing to dismiss before sonner was ever loaded.
    if (sonner) void sonner.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
});
