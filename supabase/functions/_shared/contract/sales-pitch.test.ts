import { salesPitchIn } from './sales-pitch.ts';

describe('what reads as a sales call', () => {
  it.each([
    'Offer the new winter maintenance plan.',
    'Tell them about our 20% off spring sale.',
    'Let them know about the limited-time discount on roof repairs.',
    'Try to upsell the premium package.',
    'Convince them to upgrade to the gold membership.',
    'offer them our extended warranty',
  ])('%s', (goal) => {
    expect(salesPitchIn(goal)).not.toBeNull();
  });

  it.each([
    'Confirm the dental appointment tomorrow at 3 pm; offer Thursday if not.',
    'Remind Kim that the package will be delivered on Friday.',
    'Ask whether the order arrived in good condition.',
    'Tell them their prescription is ready for pickup.',
    'Confirm the appointment tomorrow at 3 pm.',
  ])('not: %s', (goal) => {
    expect(salesPitchIn(goal)).toBeNull();
  });

  it('names the phrase and why', () => {
    expect(salesPitchIn('Please pitch our solar panels.')).toEqual({
      phrase: 'pitch',
      why: 'it sells',
    });
  });
});
