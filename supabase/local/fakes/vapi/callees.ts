/**
 * The scripted callees of the simulated phone network (also listed on /docs): the
 * last four digits of the dialled number choose what the person at the other end does. The
 * 555-01xx range is reserved for fiction, so these numbers never ring a real phone.
 */
export type Behaviour =
  | 'agrees' // answers; a short conversation that follows the goal; the goal is met
  | 'declines' // answers and declines; the goal is not met
  | 'busy'
  | 'no-answer'
  | 'voicemail'
  | 'carrier-failure'
  | 'talks-until-max-duration'
  | 'opts-out' // answers and asks not to be called again; the goal is not met
  | 'end-messages-lost'; // answers and agrees, but the end-of-call messages never arrive

export type Callee = {
  digits: string;
  description: string;
  behaviour: (attempt: number) => Behaviour;
};

/** `attempt` counts calls to the same number for the same task, from 1. */
export const CALLEES: readonly Callee[] = [
  { digits: '0100', description: 'answers and agrees', behaviour: () => 'agrees' },
  { digits: '0101', description: 'answers and declines', behaviour: () => 'declines' },
  { digits: '0102', description: 'busy', behaviour: () => 'busy' },
  { digits: '0103', description: 'no answer', behaviour: () => 'no-answer' },
  { digits: '0104', description: 'voicemail', behaviour: () => 'voicemail' },
  { digits: '0105', description: 'the carrier fails the call', behaviour: () => 'carrier-failure' },
  {
    digits: '0106',
    description: 'no answer on the first attempt, answers and agrees on the next',
    behaviour: (attempt) => (attempt <= 1 ? 'no-answer' : 'agrees'),
  },
  {
    digits: '0107',
    description: 'answers and talks until the maximum duration',
    behaviour: () => 'talks-until-max-duration',
  },
  {
    digits: '0108',
    description: 'answers and agrees; the end-of-call messages are lost',
    behaviour: () => 'end-messages-lost',
  },
  {
    digits: '0109',
    description: 'answers and asks not to be called again',
    behaviour: () => 'opts-out',
  },
];

/** What the callee at `number` does on the `attempt`-th call (any other number agrees). */
export function behaviourFor(number: string, attempt: number): Behaviour {
  const callee = CALLEES.find((c) => number.endsWith(`555${c.digits}`));
  return callee ? callee.behaviour(attempt) : 'agrees';
}

/** Whether a person (or a machine) picks up. */
export function isAnswered(behaviour: Behaviour): boolean {
  return !['busy', 'no-answer', 'carrier-failure'].includes(behaviour);
}
