import { render, screen } from '@testing-library/react';
import { BarChart } from './bar-chart';

describe('BarChart', () => {
  it('draws a bar per point, scaled to a round top, each with its value', () => {
    render(
      <BarChart
        label="Minutes per day"
        bars={[
          { label: 'Nov 25', value: 2 },
          { label: 'Nov 26', value: 8 },
          { label: 'Nov 27', value: null },
        ]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Minutes per day' });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    expect([...bars].map((b) => Number(b.getAttribute('height')).toFixed(1))).toEqual([
      (0.2 * 119).toFixed(1),
      (0.8 * 119).toFixed(1),
      '0.0',
    ]);
    expect([...bars].map((b) => b.querySelector('title')?.textContent)).toEqual([
      'Nov 25: 2',
      'Nov 26: 8',
      'Nov 27: —',
    ]);
    expect(screen.getByText('max 10')).toBeInTheDocument();
  });
});
