import { behaviourFor, CALLEES, isAnswered } from './callees.ts';

describe('scripted callees', () => {
  it.each([
    ['+14155550100', 'agrees'],
    ['+14155550101', 'declines'],
    ['+14155550102', 'busy'],
    ['+14155550103', 'no-answer'],
    ['+14155550104', 'voicemail'],
    ['+14155550105', 'carrier-failure'],
    ['+14155550107', 'talks-until-max-duration'],
    ['+14155550108', 'end-messages-lost'],
    ['+14155550109', 'opts-out'],
    ['+14155550110', 'asks-tool'],
    ['+12125551234', 'agrees'],
    ['+14155550199', 'agrees'],
  ])('%s → %s', (number, behaviour) => {
    expect(behaviourFor(number, 1)).toBe(behaviour);
  });

  it('0106 does not answer the first attempt and agrees on every later one', () => {
    expect(behaviourFor('+14155550106', 1)).toBe('no-answer');
    expect(behaviourFor('+14155550106', 2)).toBe('agrees');
    expect(behaviourFor('+14155550106', 3)).toBe('agrees');
  });

  it('matches the whole 555-01xx suffix, not just the last four digits', () => {
    expect(behaviourFor('+14155430102', 1)).toBe('agrees');
  });

  it('has a row for every reserved number of the API table', () => {
    expect(CALLEES.map((c) => c.digits)).toEqual([
      '0100',
      '0101',
      '0102',
      '0103',
      '0104',
      '0105',
      '0106',
      '0107',
      '0108',
      '0109',
      '0110',
      '0111',
      '0190',
      '0140',
      '0141',
      '0142',
      '0143',
      '0144',
      '0130',
      '0131',
      '0150',
      '0151',
    ]);
  });

  it('knows which behaviours pick up', () => {
    expect(isAnswered('busy')).toBe(false);
    expect(isAnswered('no-answer')).toBe(false);
    expect(isAnswered('carrier-failure')).toBe(false);
    expect(isAnswered('voicemail')).toBe(true);
    expect(isAnswered('declines')).toBe(true);
  });
});
