import { execFileSync } from 'node:child_process';

/** Debian's chromium (never a downloaded browser): CHROMIUM_PATH, or `chromium` on PATH. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH.',
    );
  }
}

/**
 * Flags that work as root on our machines (no sandbox, no GPU, no calls home), and a fake
 * microphone that needs no prompt (a live browser call's "Speak with microphone").
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
