import type { Page } from '@playwright/test';

/**
 * Collects what the dev build's `cn` reports on the console: class lists with two classes that
 * fight (src/lib/cn.ts). Each entry names the page it happened on.
 */
export function listenForClassFights(page: Page): string[] {
  const fights: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('cn: ')) fights.push(`${page.url()}: ${message.text()}`);
  });
  return fights;
}
