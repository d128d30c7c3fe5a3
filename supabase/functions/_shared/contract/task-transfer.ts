// Transfer to a person (docs/product-rules.md#transfer-to-a-person): where the agent hands the
// callee over, when, and how. Plain TypeScript, imported by the app and the functions.

export const TRANSFER_MODES = ['warm', 'cold'] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];

/** A task's transfer, as stored and as the API shows it (defaults filled in). */
export type TaskTransfer = {
  /** Who takes the call: a US number in E.164 form, under the same rules as phone_number. */
  to: string;
  /** When the agent transfers, in plain language. */
  when: string;
  /** warm: the agent briefs the person before connecting; cold: it connects at once. */
  mode: TransferMode;
  /** Warm only: the briefing is a summary of the call so far. */
  summary: boolean;
};

export const TRANSFER_DEFAULTS = {
  when: 'The person asks to speak with a human, or needs something you cannot settle yourself.',
  mode: 'warm',
  summary: true,
} as const satisfies Omit<TaskTransfer, 'to'>;

export const TRANSFER_LIMITS = {
  whenMaxLength: 500,
} as const;

/**
 * Vapi's transferPlan.mode for a transfer: warm holds the callee while the person is dialled and
 * briefed, and brings the callee back to the agent when nobody takes the call; cold forwards at
 * once and never comes back.
 */
export function vapiTransferMode(transfer: Pick<TaskTransfer, 'mode'>) {
  return transfer.mode === 'cold' ? 'blind-transfer' : 'warm-transfer-experimental';
}

/**
 * Vapi's terminal statuses of a transfer (TransferArtifact.status in the end-of-call report's
 * artifact.transfers) that mean the person took the call.
 */
export const CONNECTED_TRANSFER_STATUSES: readonly string[] = ['connected', 'completed'];

/** What the agent tells the callee when the person does not answer, before carrying on. */
export const TRANSFER_UNANSWERED_LINE =
  'I am sorry, nobody is available to take your call right now. Let us carry on, and I will make sure your request is passed on.';

/**
 * What the agent is told when the transfer may not be made at the moment it is asked for (the
 * target listed since, outside its calling hours, past its state's cap): it carries on itself.
 */
export const TRANSFER_REFUSALS: Record<string, string> = {
  do_not_call: 'The transfer number is on the do-not-call list',
  calling_hours: 'It is outside the calling hours where the transfer number is',
  state_cap: 'The transfer number has had as many calls today as its state allows',
  account_closed: 'The account that placed this call is closed',
  no_transfer: 'This call has no transfer number',
};

/** The refusal's words for the agent: why, then what to do instead. */
export const transferRefusalLine = (reason: string) =>
  `${TRANSFER_REFUSALS[reason] ?? 'The transfer cannot be made now'}. Do not transfer the call: tell the person you cannot connect them with someone right now, and carry on helping them yourself.`;

/** What the person hears from a warm transfer without a summary. */
export const TRANSFER_BRIEFING =
  'Hello, this is an AI assistant. I am transferring a caller who asked to speak with a person.';
