import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client';
import { renderPublicPage } from '@/testing/render-public-page';
import { platformStatusKeys, type PlatformStatus } from '../api/get-platform-status';
import { StatusPage } from './status-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

const measured = (overrides: Partial<PlatformStatus['components']> = {}): PlatformStatus => {
  const components: PlatformStatus['components'] = {
    api: { status: 'operational' },
    scheduler: {
      status: 'operational',
      last_run_at: secondsAgo(5),
      last_run_ok: true,
      runs_last_hour: 120,
      failed_runs_last_hour: 0,
      last_tick_at: new Date().toISOString(),
      heartbeat_seconds: 30,
    },
    voice_provider: { status: 'operational', checked_at: secondsAgo(20) },
    ...overrides,
  };
  const statuses = Object.values(components).map((c) => c.status);
  return {
    status: statuses.includes('down')
      ? 'down'
      : statuses.includes('degraded')
        ? 'degraded'
        : 'operational',
    checked_at: secondsAgo(1),
    components,
    not_configured: [],
  };
};

function renderWith(status: PlatformStatus) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(platformStatusKeys.all, status);
  return renderPublicPage(<StatusPage />, '/status', queryClient);
}

describe('StatusPage', () => {
  it('says all is operational only when every measured component is', () => {
    renderWith(measured());
    expect(
      screen.getByRole('heading', { level: 1, name: 'All Systems Operational' }),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'Components' })).getAllByRole(
      'listitem',
    );
    expect(
      rows.map((row) => within(row).getByText(/^(Call API|Scheduler|Voice network)$/).textContent),
    ).toEqual(['Call API', 'Scheduler', 'Voice network']);
    expect(rows[1]).toHaveTextContent(
      'Last run 5 seconds ago · 120 runs in the last hour, 0 failed',
    );
    rows.forEach((row) => expect(row).toHaveTextContent('Operational'));
  });

  it('shows a scheduler that stopped as degraded, with when it last ran', () => {
    renderWith(
      measured({
        scheduler: {
          status: 'degraded',
          last_run_at: secondsAgo(180),
          last_run_ok: true,
          runs_last_hour: 40,
          failed_runs_last_hour: 0,
          last_tick_at: new Date().toISOString(),
          heartbeat_seconds: 30,
        },
      }),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Some Systems Degraded' }),
    ).toBeInTheDocument();
    const scheduler = screen.getByText('Scheduler').closest('li')!;
    expect(scheduler).toHaveTextContent('Degraded');
    expect(scheduler).toHaveTextContent('Last run 3 minutes ago');
  });

  it('shows an unreachable voice network as a disruption', () => {
    renderWith(measured({ voice_provider: { status: 'down', checked_at: secondsAgo(10) } }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Service Disruption' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Voice network').closest('li')).toHaveTextContent('Not reachable');
  });

  it('says which parts of a deployment are not configured, without naming any secret', () => {
    renderWith({
      ...measured({ voice_provider: { status: 'down', checked_at: secondsAgo(10) } }),
      status: 'down',
      not_configured: [
        { part: 'voice_provider', missing: ['VAPI_API_KEY'] },
        { part: 'payments', missing: ['STRIPE_SECRET_KEY'] },
      ],
    });
    expect(screen.getByText('Voice network').closest('li')).toHaveTextContent('Not configured');
    const configuration = screen.getByText('Configuration').closest('li')!;
    expect(configuration).toHaveTextContent('Not configured: calls, card payments');
    expect(configuration).toHaveTextContent('Degraded');
    expect(document.body).not.toHaveTextContent('VAPI_API_KEY');
  });

  it('invents nothing: no incident history or uptime figure', () => {
    renderWith(measured());
    expect(screen.queryByText(/uptime|incident|ongoing/i)).not.toBeInTheDocument();
  });
});
