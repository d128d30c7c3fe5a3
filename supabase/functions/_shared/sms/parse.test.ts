// @vitest-environment node
import { namesAgent, parseSms } from './parse.ts';

describe('parseSms: the callee number in every common form', () => {
  it.each([
    ['Call +14155550100 and confirm the appointment', '+14155550100'],
    ['Call +1 415 555 0100 and confirm the appointment', '+14155550100'],
    ['Call +1-415-555-0100 and confirm the appointment', '+14155550100'],
    ['Call +1.415.555.0100 and confirm the appointment', '+14155550100'],
    ['Call +1 (415) 555-0100 and confirm the appointment', '+14155550100'],
    ['Call 1-415-555-0100 and confirm the appointment', '+14155550100'],
    ['Call 1 415 555 0100 and confirm the appointment', '+14155550100'],
    ['Call 14155550100 and confirm the appointment', '+14155550100'],
    ['Call (415) 555-0100 and confirm the appointment', '+14155550100'],
    ['Call (415)555-0100 and confirm the appointment', '+14155550100'],
    ['Call ( 415 ) 555 0100 and confirm the appointment', '+14155550100'],
    ['Call 415-555-0100 and confirm the appointment', '+14155550100'],
    ['Call 415.555.0100 and confirm the appointment', '+14155550100'],
    ['Call 415 555 0100 and confirm the appointment', '+14155550100'],
    ['Call 4155550100 and confirm the appointment', '+14155550100'],
    ['Call 415-555-0100: confirm the appointment', '+14155550100'],
    ['Please call +14155550100, confirm the appointment', '+14155550100'],
    ['Ring +14155550100 to confirm the appointment', '+14155550100'],
    ['Dial 415 555 0100 - confirm the appointment', '+14155550100'],
  ])('%s', (body, phoneNumber) => {
    expect(parseSms(body)).toEqual({
      kind: 'call',
      phoneNumber,
      goal: 'Confirm the appointment',
      livemode: true,
    });
  });

  it('reads a leading TEST as a test call (the simulated network, free) and drops the word', () => {
    for (const body of [
      'TEST Call +14155550100 and confirm the appointment',
      'test: call 415-555-0100, confirm the appointment',
    ])
      expect(parseSms(body), body).toEqual({
        kind: 'call',
        phoneNumber: '+14155550100',
        goal: 'Confirm the appointment',
        livemode: false,
      });
    expect(parseSms('Call +14155550100 to test the new line')).toMatchObject({ livemode: true });
  });

  it('keeps numbers the rule will refuse, so the reply can say why', () => {
    for (const [body, phoneNumber] of [
      ['Call +1 900 555 0100 and confirm the appointment', '+19005550100'],
      ['Call (911) 555-0100 and confirm the appointment', '+19115550100'],
      ['Call 123-555-0100 and confirm the appointment', '+11235550100'],
      ['Call +44 20 7946 0958 and confirm the appointment', '+442079460958'],
      ['Call +442079460958 and confirm the appointment', '+442079460958'],
    ])
      expect(parseSms(body!), body).toMatchObject({ kind: 'call', phoneNumber });
  });

  it('takes the first number; a later one stays in the goal', () => {
    expect(parseSms('Call +14155550100 and ask them to ring 415-555-0199 back')).toEqual({
      kind: 'call',
      phoneNumber: '+14155550100',
      goal: 'Ask them to ring 415-555-0199 back',
      livemode: true,
    });
  });

  it('does not read a number out of a longer run of digits', () => {
    expect(parseSms('Call 41555501001234 and confirm').kind).toBe('no_number');
    expect(parseSms('Order 123456 for tomorrow').kind).toBe('no_number');
  });

  it('answers keywords, no number and no goal', () => {
    expect(parseSms('stop')).toEqual({ kind: 'stop' });
    expect(parseSms('HELP')).toEqual({ kind: 'help' });
    expect(parseSms('Start')).toEqual({ kind: 'start' });
    expect(parseSms('Can you confirm my appointment?')).toEqual({ kind: 'no_number' });
    expect(parseSms('Call +14155550100')).toEqual({ kind: 'no_goal', phoneNumber: '+14155550100' });
  });
});

describe('parseSms: a text that names one of the account’s agents', () => {
  const agents = ['Refill', 'Refill desk', 'Billing'];

  it('takes the longest name the text goes on with, in any case, and the words after it', () => {
    expect(parseSms('@refill desk: call +1 415 555 0100 and say hi', agents)).toEqual({
      kind: 'call',
      phoneNumber: '+14155550100',
      goal: 'Say hi',
      livemode: true,
      agent: 'Refill desk',
    });
    expect(parseSms('TEST @Refill +14155550100', agents)).toEqual({
      kind: 'call',
      phoneNumber: '+14155550100',
      livemode: false,
      agent: 'Refill',
    });
  });

  it('ends a name at a word’s end, and answers an unknown one with what was written', () => {
    expect(parseSms('@Refilling call +14155550100 now', agents)).toEqual({
      kind: 'unknown_agent',
      mention: 'Refilling',
    });
    expect(parseSms('@Refill desk call +14155550100')).toEqual({
      kind: 'unknown_agent',
      mention: 'Refill',
    });
    expect(namesAgent('  test @Billing call +14155550100')).toBe(true);
    expect(namesAgent('Call +14155550100 about @Billing')).toBe(false);
  });

  it('still answers keywords first', () => {
    expect(parseSms('STOP', agents)).toEqual({ kind: 'stop' });
  });
});
