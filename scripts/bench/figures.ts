/** How the benchmarks print their figures. */
export const percentile = (xs: number[], p: number) =>
  xs.length === 0
    ? NaN
    : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
export const ms = (x: number) => `${x.toFixed(1)} ms`;
