import { expect, test } from './support/app-test';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { signIn } from './support/sign-in';
import { deleteUser } from './support/users';

// A laptop's width: the Calls filters sit side by side without running into each other.
test.use({ viewport: { width: 1280, height: 800 } });

let account: CallingAccount | undefined;
test.afterEach(async () => {
  if (account) await deleteUser(account);
});

test('at 1280 px the Calls filters fit: no control overlaps another', async ({ page }) => {
  account = await createCallingAccount({ prefix: 'desktop-width', credits: 5 });
  await signIn(page, account);
  await page.goto('/calls');
  const bar = page.getByRole('search', { name: 'Search and filter calls' });
  await expect(bar).toBeVisible();
  const controls = bar.locator('input, select');
  await expect(controls).toHaveCount(7);
  const boxes = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    boxes.push({ name: (await control.getAttribute('id')) ?? '', ...box! });
  }
  const overlaps: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (
        a.x < b.x + b.width - 0.5 &&
        b.x < a.x + a.width - 0.5 &&
        a.y < b.y + b.height - 0.5 &&
        b.y < a.y + a.height - 0.5
      )
        overlaps.push(`${a.name} × ${b.name}`);
  expect(overlaps).toEqual([]);
  // And nothing reaches past the bar's own right edge.
  const edge = (await bar.boundingBox())!;
  for (const box of boxes)
    expect(box.x + box.width, box.name).toBeLessThanOrEqual(edge.x + edge.width + 0.5);
});
