import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import type { CreditPurchase } from '../api/get-purchase-history';
import type { UsageSummary } from '../api/get-usage-summary';
import { billingKeys } from '../api/query-keys';
import { PurchaseCreditsCard } from './purchase-credits-card';
import { PurchaseHistoryCard } from './purchase-history-card';
import { UsageCard } from './usage-card';

const user = testUser('ada@example.com');

function known(history?: CreditPurchase[], usage?: UsageSummary) {
  const queryClient = createQueryClient();
  if (history) queryClient.setQueryData(billingKeys.history(user.id), history);
  if (usage) queryClient.setQueryData(billingKeys.usage(user.id), usage);
  return queryClient;
}

describe('PurchaseHistoryCard', () => {
  it('lists purchases with the display date format, a fallback description and a bad date', () => {
    renderWithProviders(<PurchaseHistoryCard />, {
      session: sessionState({ user }),
      queryClient: known([
        {
          id: '2',
          amount: 25,
          purchased_at: '2026-11-23T15:04:00',
          description: null,
          receipt_url: 'https://pay.stripe.com/receipts/payment/abc',
        },
        {
          id: '1',
          amount: 500,
          purchased_at: 'not a date',
          description: 'Welcome credits',
          receipt_url: null,
        },
      ]),
    });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateAmountDescriptionReceipt',
      'Nov 23, 2026 • 3:04 PM$25.00Credit PurchaseView',
      'Invalid date$500.00Welcome creditsPending',
    ]);
    expect(screen.getByRole('link', { name: /Receipt for \$25\.00/ })).toHaveAttribute(
      'href',
      'https://pay.stripe.com/receipts/payment/abc',
    );
  });

  it('says so when there is no purchase yet', () => {
    renderWithProviders(<PurchaseHistoryCard />, {
      session: sessionState({ user }),
      queryClient: known([]),
    });
    expect(
      screen.getByText(
        'No purchase history found. Your transactions will appear here after you make a purchase.',
      ),
    ).toBeInTheDocument();
  });

  it('fetches nothing without a user and shows the loading text', () => {
    renderWithProviders(<PurchaseHistoryCard />, { session: sessionState() });
    expect(screen.getByText('Loading history...')).toHaveAttribute('role', 'status');
  });
});

describe('UsageCard', () => {
  it('shows free minutes left, this month and a 30-day chart', () => {
    const daily = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      minutes: i === 29 ? 12 : 0,
    }));
    renderWithProviders(<UsageCard />, {
      session: sessionState({ user }),
      queryClient: known(undefined, {
        free_minutes_total: 100,
        free_minutes_used: 100,
        free_minutes_held: 0,
        credits_usd: 25,
        credits_held_usd: 0,
        month_minutes: 130,
        month_cost_usd: 0.3,
        daily,
      }),
    });
    expect(screen.getByText('Free minutes left').nextSibling).toHaveTextContent('0 of 100');
    expect(screen.getByText('Minutes this month').nextSibling).toHaveTextContent('130');
    expect(screen.getByText('Spent this month').nextSibling).toHaveTextContent('$0.30');
    expect(
      screen.getByRole('img', { name: 'Minutes per day, last 30 days: 12 minutes in all' }),
    ).toBeInTheDocument();
  });

  it('shows what calls not yet ended hold as held, apart from what is left', () => {
    renderWithProviders(<UsageCard />, {
      session: sessionState({ user }),
      queryClient: known(undefined, {
        free_minutes_total: 100,
        free_minutes_used: 60,
        free_minutes_held: 30,
        credits_usd: 24.9,
        credits_held_usd: 0.1,
        month_minutes: 60,
        month_cost_usd: 0,
        daily: [],
      }),
    });
    expect(screen.getByTestId('usage-free-minutes')).toHaveTextContent(
      'Free minutes left10 of 10030 held for calls in progress',
    );
    expect(screen.getByTestId('usage-credits')).toHaveTextContent(
      'Credits available$24.80$0.10 held for calls in progress',
    );
    expect(
      screen.getByText(/the minutes it talked are billed and the rest comes back/),
    ).toBeVisible();
  });
});

describe('PurchaseCreditsCard', () => {
  it('starts at $10 with the hint and the note, as a numeric field from 10 to 500', () => {
    renderWithProviders(<PurchaseCreditsCard />, { session: sessionState({ user }) });
    const amount = screen.getByRole('spinbutton', { name: 'Amount (USD)' });
    expect(amount).toHaveValue(10);
    expect(amount).toHaveAttribute('min', '10');
    expect(amount).toHaveAttribute('max', '500');
    expect(amount).toHaveAccessibleDescription(
      'Choose between $10 and $500 (1:1 ratio with credits)',
    );
    expect(
      screen.getByText(
        'Credits will be added to your account immediately after successful payment.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['9', 'Minimum purchase is $10'],
    ['501', 'Maximum purchase is $500'],
    ['10.5', 'Amount must be a whole number'],
  ])('refuses %s with "%s" and stays idle', async (typed, message) => {
    const events = userEvent.setup();
    const visited: string[] = [];
    renderWithProviders(<PurchaseCreditsCard redirect={(url) => visited.push(url)} />, {
      session: sessionState({ user }),
    });
    const amount = screen.getByRole('spinbutton', { name: 'Amount (USD)' });
    await events.clear(amount);
    await events.type(amount, typed);
    await events.click(screen.getByRole('button', { name: 'Purchase Credits' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Purchase Credits' })).toBeEnabled();
    expect(visited).toEqual([]);
  });
});
