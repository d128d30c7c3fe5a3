/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value` (1 for nothing), the top of a scale. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value - 1e-9)!;
  return step * power;
}
