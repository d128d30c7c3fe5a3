// The integrator's own tools, which the agent may call during a call (docs/product-rules.md#tools-during-the-call):
// how many a task may carry, what a name may be, and how long we wait for an answer. Plain
// TypeScript, imported by the app and the functions.

export const TOOL_LIMITS = {
  /** Tools one task may carry. */
  maxTools: 8,
  nameMaxLength: 64,
  descriptionMaxLength: 1000,
  /** Bytes of JSON the integrator's answer may hold (more is refused, and the agent carries on). */
  answerMaxBytes: 16 * 1024,
  /**
   * How long the integrator's url has to answer. Vapi waits for a tool's server at most its
   * `server.timeoutSeconds` (we set 20, its default); 10 s leaves room for recording the call and
   * the answer, so the agent always hears from us before Vapi gives up.
   */
  deadlineMs: 10_000,
  /** What we tell Vapi to wait for our answer. */
  providerTimeoutSeconds: 20,
} as const;

/** A function name as the language models take it: a letter, then letters, digits, _ or -. */
export const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** A tool as a task carries it. */
export type TaskTool = {
  name: string;
  description: string;
  /** A JSON Schema of the arguments (the same subset as output_schema). */
  parameters: Record<string, unknown>;
  /** Where we POST the arguments, signed like our webhooks. */
  url: string;
};
