import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatDateTime } from '@/lib/format';
import { incidents } from '../content/incidents';
import { renderPublicPage } from '@/testing/render-public-page';
import { StatusPage } from './status-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

describe('StatusPage', () => {
  it('shows the overall status and the uptime badge', () => {
    renderPublicPage(<StatusPage />, '/status');
    expect(
      screen.getByRole('heading', { level: 1, name: 'All Systems Operational' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No active incidents in the last 72 hours')).toBeInTheDocument();
    expect(screen.getByText('Uptime 99.99%')).toBeInTheDocument();
  });

  it('lists the incidents with scoped column headers', () => {
    renderPublicPage(<StatusPage />, '/status');
    const table = screen.getByRole('table', { name: 'Incidents in the last 30 days' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'System',
      'Event',
      'Severity',
      'Status',
      'Started',
      'Ended',
    ]);
    headers.forEach((header) => expect(header).toHaveAttribute('scope', 'col'));
    // A header row plus one row per incident.
    expect(within(table).getAllByRole('row')).toHaveLength(incidents.length + 1);
  });

  it("shows 'Ongoing' for an incident without an end time, and formatted dates otherwise", () => {
    renderPublicPage(<StatusPage />, '/status');
    const open = incidents.find((incident) => incident.ended === null);
    const closed = incidents.find((incident) => incident.ended !== null);
    if (!open || !closed) throw new Error('sample data needs an open and a closed incident');

    const openRow = screen.getByRole('row', { name: new RegExp(open.system) });
    const openCells = within(openRow).getAllByRole('cell');
    expect(openCells.at(-1)).toHaveTextContent('Ongoing');
    expect(openCells[0]).toHaveTextContent(open.system);

    const closedRow = screen.getByRole('row', { name: new RegExp(closed.system) });
    const closedCells = within(closedRow).getAllByRole('cell');
    expect(closedCells.at(-1)).toHaveTextContent(formatDateTime(closed.ended));
    expect(closedCells.at(-2)).toHaveTextContent(formatDateTime(closed.started));
    expect(screen.getAllByText('Ongoing')).toHaveLength(1);
  });
});
