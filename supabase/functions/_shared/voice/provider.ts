// What the call API needs from a voice provider. Vapi (vapi.ts) is the production one; the local
// stack's simulated phone network speaks the same API, so the same adapter runs everywhere.
import type { TaskTransfer } from '../contract/task-transfer.ts';

export type Speaker = 'agent' | 'callee';
export type TranscriptTurn = {
  speaker: Speaker;
  text: string;
  start_ms: number;
  end_ms: number;
  /** Keys pressed on the phone's keypad (the turn's text repeats them); absent for speech. */
  dtmf?: string;
};

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
  /** The integrator's JSON Schema for the structured result, or null. */
  outputSchema: Record<string, unknown> | null;
  /** The integrator's tools the agent may call mid-call (their urls stay with us). */
  tools?: { name: string; description: string; parameters: Record<string, unknown> }[];
  /**
   * The agent answers from its documents: it gets the built-in search_knowledge tool, answered by
   * our server like the integrator's tools.
   */
  knowledge?: boolean;
  /**
   * A test run's scripted callee (test mode only): the simulated network plays it. Never sent to
   * the real provider.
   */
  testScenario?: Record<string, unknown> | null;
  /** Where and when the agent hands the callee to a person; null or absent: never. */
  transfer?: TaskTransfer | null;
  /** Ask the provider to record the call (it is not recorded otherwise). */
  record: boolean;
  /** Why the call is placed: a marketing call offers the opt-out in its opening. */
  purpose: 'informational' | 'marketing';
  /** Marketing calls: what the call sells, named in the opening. */
  offer?: string | null;
  /** What the mandatory opening names: the account's business and verified callback number. */
  disclosureFacts: { business_name: string | null; callback_number: string | null };
  /** Where the provider posts its messages, and the token it must send with them. */
  serverUrl: string;
  serverToken: string;
  /** False: a test key's call, placed on the simulated network (test mode); true when left out. */
  livemode?: boolean;
  /**
   * The provider's id of the account's number the call shows; null or absent: the platform's
   * shared number.
   */
  callerPhoneNumberId?: string | null;
  /**
   * A call to the account's number, answered by its agent: the greeting replaces the outbound
   * opening (it says who the business is and that this is an AI, then offers the opt-out).
   */
  inbound?: { greeting: string } | null;
};

export type PlacedCall = { providerCallId: string; controlUrl: string | null };

/**
 * The agent of a browser call: a task's agent with no number to dial or show. The browser talks
 * to it over the provider's WebSocket transport (raw audio both ways).
 */
export type WebCallRequest = Omit<CallRequest, 'phoneNumber' | 'callerPhoneNumberId' | 'inbound'>;

/** A browser call the provider has opened: where the browser connects its audio. */
export type PlacedWebCall = PlacedCall & {
  /** The call's WebSocket: binary audio both ways (16 kHz 16-bit PCM), JSON control messages. */
  websocketUrl: string;
};

/** How an attempt ended, in our words: each provider maps its own reasons onto these. */
export type CallOutcome = 'success' | 'no_answer' | 'busy' | 'voicemail' | 'failed' | 'canceled';

/**
 * What the provider's end reason says became of the line, before the call's own evidence (who
 * spoke, the voicemail setting) is weighed into the task's call_outcome. A conversation the callee
 * hung up is told apart, because hanging up before saying anything is a decline.
 */
export type LineEnd =
  | 'conversation'
  | 'callee_hung_up'
  | 'voicemail'
  | 'no_answer'
  | 'busy'
  | 'declined'
  | 'invalid_number'
  | 'carrier_failed'
  | 'provider_failed'
  | 'canceled';

/** A provider message, reduced to what moves a task. */
export type VoiceEvent =
  | { kind: 'ringing'; at: string }
  | { kind: 'answered'; at: string }
  | {
      kind: 'turn';
      speaker: Speaker;
      text: string;
      at: string | null;
      key: string;
      dtmf?: string;
      /**
       * The turn's times from the call's start, as the final transcript will give them, when the
       * message says (its live artifact, or the call's start); else the platform works them out.
       */
      startMs?: number;
      endMs?: number;
    }
  | {
      kind: 'ended';
      outcome: CallOutcome;
      /** What the end reason says became of the line. */
      line: LineEnd;
      /** Whether the provider's end reason is one we know (an unknown one is provider_failed). */
      reasonKnown: boolean;
      /**
       * The provider's own words for the end, recorded as they are on the attempt (the API's
       * `ended_reason`); nothing decides on them.
       */
      providerReason: string;
      startedAt: string | null;
      endedAt: string;
      durationSeconds: number;
      summary: string | null;
      successEvaluation: string | null;
      transcript: TranscriptTurn[] | null;
      /** Where the provider keeps the call's audio (fetched once, then kept by us). */
      recordingUrl: string | null;
      /**
       * The analysis' answer to the integrator's output_schema, unchecked (undefined: none came,
       * e.g. nobody answered or the analysis failed).
       */
      structuredResult: unknown;
      /** The callee asked not to be called again (the provider's end-of-call analysis). */
      optedOut: boolean;
      /**
       * Where the call asked the callee's consent to record (all-party-consent states): granted
       * or declined; null when it was not asked.
       */
      recordingConsent: 'granted' | 'declined' | null;
      /**
       * The call's last transfer and how it ended (connected, no-answer, busy, voicemail, failed,
       * completed, cancelled: the provider's word); null when the agent transferred nothing.
       */
      transfer: { to: string; status: string } | null;
    };

/** One tool call the agent made, as the provider asks our server for its answer. */
export type ToolCall = {
  id: string;
  name: string;
  /** The arguments as the model filled them (parsed from JSON text when they came as text). */
  arguments: unknown;
};

/** Our answer to one tool call: a one-line result the agent reads, or an error it carries on from. */
export type ToolAnswer =
  { toolCallId: string; result: string } | { toolCallId: string; error: string };

/** A recording being read from the provider: its type (from its first bytes) and its bytes. */
export type RecordingStream = {
  contentType: 'audio/wav' | 'audio/mpeg';
  body: ReadableStream<Uint8Array>;
  /** Its length in bytes: as declared, or as counted once `body` has been read to its end. */
  size(): number;
};

/** The provider's own view of a call (for the watchdog's reconciliation). */
export type ProviderCall = { id: string; status: string; ended: VoiceEvent | null };

export interface VoiceProvider {
  placeCall(request: CallRequest): Promise<PlacedCall>;
  /** Opens a browser call with the agent (live only: a test browser call is played by us). */
  placeWebCall(request: WebCallRequest): Promise<PlacedWebCall>;
  /** Words the browser's user typed, added to the live call as theirs; the agent answers them. */
  addUserMessage(
    call: { providerCallId: string; controlUrl: string | null },
    text: string,
  ): Promise<void>;
  /** Hangs up; with a farewell, the agent says it first (in the call, not by the model). */
  endCall(
    call: { providerCallId: string; controlUrl: string | null },
    farewell?: string,
  ): Promise<void>;
  getCall(providerCallId: string): Promise<ProviderCall>;
  /**
   * Opens a call's recording where the provider keeps it, as a stream capped at our maximum size
   * (a ProviderError with status 4xx is final: the audio is missing, too big or not audio).
   */
  openRecording(url: string): Promise<RecordingStream>;
  /** Reads one server message; null for messages that change nothing for us. */
  parseServerMessage(body: unknown): VoiceEvent | null;
  /** The tool calls of a server message that asks for tools' answers; null for any other. */
  parseToolCalls(body: unknown): ToolCall[] | null;
  /** The response body that hands our answers back to the agent. */
  toolCallsResponse(answers: ToolAnswer[]): unknown;
  /** Whether a server message asks where to transfer the call, now. */
  isTransferDestinationRequest(body: unknown): boolean;
  /** The response body: the task's transfer destination, or why it may not be made now. */
  transferDestinationResponse(answer: { transfer: TaskTransfer } | { refusal: string }): unknown;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * The provider did not place the call because all its lines are busy (its concurrent-call limit):
 * the task waits for a line again; nothing failed and nothing is billed.
 */
export class ProviderLinesBusyError extends ProviderError {}
