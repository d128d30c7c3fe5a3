// How Vapi hands the model a callee's key presses. With `assistant.keypadInputPlan.enabled` it adds
// the collected digits to the conversation as a user message worded "User's Keypad Entry: 1234"
// (docs.vapi.ai/assistants/keypad-input-settings, "How keypad input works"). That message is
// conversation history, not speech: it reaches our server in `conversation-update` messages
// (ServerMessageConversationUpdate.messages, UserMessage) and in the call's artifact.messages,
// never as a transcriber's `transcript` message.

const PREFIX = "User's Keypad Entry:";

/** The user message Vapi adds for keys pressed by the callee. */
export const keypadEntryMessage = (keys: string): string => `${PREFIX} ${keys}`;

/**
 * The keys of a keypad-entry message, or null for anything else: speech is never read as key
 * presses, even a callee who says a bare "9".
 */
export function keysOfKeypadEntry(text: string): string | null {
  if (!text.startsWith(PREFIX)) return null;
  const keys = text.slice(PREFIX.length).replace(/\s+/g, '');
  return /^[0-9*#]{1,32}$/.test(keys) ? keys : null;
}
