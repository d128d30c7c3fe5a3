export type RoiBasis = { callsPerLoad: number; minutesPerCall: number; hourlyRateUsd: number };

export type RoiRow = { loads: number; calls: number; hours: number; dollars: number };

/**
 * One row of the freight ROI table. Hours are rounded to one decimal before pricing and dollars
 * to the nearest $5, which is how the published figures were worked out.
 */
export function roiRow(loads: number, basis: RoiBasis): RoiRow {
  const calls = loads * basis.callsPerLoad;
  const hours = Math.round(((calls * basis.minutesPerCall) / 60) * 10) / 10;
  const dollars = Math.round((hours * basis.hourlyRateUsd) / 5) * 5;
  return { loads, calls, hours, dollars };
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const formatUsd = (value: number) => usd.format(value);
export const formatHours = (value: number) => value.toFixed(1);
