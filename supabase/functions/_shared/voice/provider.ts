// What the call API needs from a voice provider. Vapi (vapi.ts) is the production one; the local
// stack's simulated phone network speaks the same API, so the same adapter runs everywhere.

export type Speaker = 'agent' | 'callee';
export type TranscriptTurn = { speaker: Speaker; text: string; start_ms: number; end_ms: number };

/** The agent for one attempt of one task, built from the task's fields. */
export type CallRequest = {
  taskId: string;
  attempt: number;
  phoneNumber: string;
  goal: string;
  context: Record<string, unknown>;
  voice: string;
  language: string;
  speakingStyle: string;
  firstSentence: string;
  maxDurationMinutes: number;
  voicemail: { action: 'hang_up' | 'leave_message'; message: string | null };
  /** Where the provider posts its messages, and the token it must send with them. */
  serverUrl: string;
  serverToken: string;
};

export type PlacedCall = { providerCallId: string; controlUrl: string | null };

/** A provider message, reduced to what moves a task. */
export type VoiceEvent =
  | { kind: 'ringing'; at: string }
  | { kind: 'answered'; at: string }
  | { kind: 'turn'; speaker: Speaker; text: string; at: string | null; key: string }
  | {
      kind: 'ended';
      endedReason: string;
      startedAt: string | null;
      endedAt: string;
      durationSeconds: number;
      summary: string | null;
      successEvaluation: string | null;
      transcript: TranscriptTurn[] | null;
      recordingUrl: string | null;
      /** The callee asked not to be called again (the provider's end-of-call analysis). */
      optedOut: boolean;
    };

/** The provider's own view of a call (for the watchdog's reconciliation). */
export type ProviderCall = { id: string; status: string; ended: VoiceEvent | null };

export interface VoiceProvider {
  placeCall(request: CallRequest): Promise<PlacedCall>;
  endCall(call: { providerCallId: string; controlUrl: string | null }): Promise<void>;
  getCall(providerCallId: string): Promise<ProviderCall>;
  /** Reads one server message; null for messages that change nothing for us. */
  parseServerMessage(body: unknown): VoiceEvent | null;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}
