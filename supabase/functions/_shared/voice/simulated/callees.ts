// The scripted callees of the simulated phone network: the contract lists them (the dashboard and
// /docs show the same list); this fake plays them.
import {
  calleeBehaviour,
  SIMULATED_NUMBERS,
  type CalleeBehaviour,
} from '../../contract/simulated-numbers.ts';

export type Behaviour = CalleeBehaviour;

export type Callee = {
  digits: string;
  description: string;
  behaviour: (attempt: number) => Behaviour;
};

/** `attempt` counts calls to the same number for the same task, from 1. */
export const CALLEES: readonly Callee[] = SIMULATED_NUMBERS.map((n) => ({
  digits: n.digits,
  description: n.summary,
  behaviour: (attempt: number) => calleeBehaviour(n.number, attempt),
}));

/** What the callee at `number` does on the `attempt`-th call (any other number agrees). */
export const behaviourFor = calleeBehaviour;

/** Whether a person (or a machine) picks up. */
export function isAnswered(behaviour: Behaviour): boolean {
  return !['busy', 'no-answer', 'carrier-failure', 'transfer-unanswered'].includes(behaviour);
}
