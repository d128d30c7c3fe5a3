import { niceMax } from './chart-scale';

describe('the top of a chart’s scale', () => {
  it('is a round number at or above the largest value', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(21)).toBe(25);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(0.37)).toBe(0.5);
  });
});
