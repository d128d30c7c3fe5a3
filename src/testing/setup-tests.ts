import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test is a failure: it means React or a library complained.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  // Toasts live in sonner's module state and a newly mounted Toaster replays the active ones, so
  // one test's toasts would show up in the next test's screen.
  toast.dismiss();
  globalThis.localStorage?.clear(); // absent in node-environment files
});
