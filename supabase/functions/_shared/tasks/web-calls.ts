// Browser calls ("Talk to your agent"): POST /task/web-calls starts one, POST
// /task/{id}/web-call/say sends what the user says, POST /task/{id}/web-call/end hangs up
// (docs/product-rules.md#browser-calls). The call is a task (direction web, no phone number), so
// it is followed, listed and erased like any other.
// - A test call is played here: the agent is the simulated one, free and the same every time, with
//   the account's agent settings and the real opening; each reply comes with its synthetic audio.
// - A live call is the voice provider's, on its WebSocket transport: the browser connects its
//   audio to the socket this answers with, typed words go to the call as the user's, and the
//   provider's messages (voice-events) write the transcript and bill its minutes.
import { Buffer } from 'node:buffer';
import { z } from 'npm:zod@^4.1.0';
import type { Caller, Owner } from '../accounts/session.ts';
import { accountRefusal } from '../accounts/api-keys.ts';
import { CALL_LANGUAGE_CODES } from '../contract/call-languages.ts';
import { disclosuresFor, spokenOpening } from '../contract/disclosures.ts';
import { SPEAKING_STYLES, VOICES } from '../contract/agent-options.ts';
import { LIMITS } from '../contract/limits.ts';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { newTaskId, randomToken, sha256Hex } from '../ids.ts';
import { WEB_CALL_AUDIO } from '../voice/vapi/adapter.ts';
import {
  agentReply,
  browserCallAbout,
  reasonLine,
  speakingMs,
} from '../voice/simulated/browser-agent.ts';
import { toneWav } from '../voice/simulated/recording.ts';
import { AGENT_ID, parseOrThrow } from './schema.ts';
import { namingDefaultAgent, withAgentFields, type AgentLookup } from './agents.ts';
import type { TaskService } from './service.ts';
import { isTerminal } from './status-machine.ts';
import { refusal, taskNotFound } from './task-wording.ts';

/** A browser call lasts at most this long (the agent hangs up then). */
export const WEB_CALL_MAX_MINUTES = 10;
const TEXT_MAX = 1000;

export const startWebCallSchema = z.strictObject(
  {
    goal: z
      .string({ error: 'goal must be text: what the agent is to do on the call' })
      .trim()
      .min(1, { error: 'goal must not be empty' })
      .max(LIMITS.goalMaxLength, {
        error: `goal must be at most ${LIMITS.goalMaxLength} characters`,
      }),
    context: z.record(z.string(), z.unknown(), { error: 'context must be an object' }).optional(),
    voice: z.enum(VOICES, { error: `voice must be one of ${VOICES.join(', ')}` }).optional(),
    language: z
      .enum(CALL_LANGUAGE_CODES, { error: 'language must be a call language code, like en' })
      .optional(),
    speaking_style: z
      .enum(SPEAKING_STYLES, {
        error: `speaking_style must be one of ${SPEAKING_STYLES.join(', ')}`,
      })
      .optional(),
    first_sentence: z
      .string({ error: 'first_sentence must be text' })
      .trim()
      .min(1, { error: 'first_sentence must not be empty' })
      .max(LIMITS.firstSentenceMaxLength, {
        error: `first_sentence must be at most ${LIMITS.firstSentenceMaxLength} characters`,
      })
      .optional(),
    max_duration_minutes: z
      .int({ error: 'max_duration_minutes must be a whole number' })
      .min(1, { error: 'max_duration_minutes must be at least 1' })
      .max(WEB_CALL_MAX_MINUTES, {
        error: `max_duration_minutes must be at most ${WEB_CALL_MAX_MINUTES} for a browser call`,
      })
      .optional(),
    agent_id: z
      .string({ error: 'agent_id must be one of your agents, like agt_…' })
      .regex(AGENT_ID, { error: 'agent_id must be one of your agents, like agt_…' })
      .nullable()
      .optional(),
    agent_version: z
      .int({ error: 'agent_version must be a whole number of one of the agent’s versions' })
      .min(1, { error: 'agent_version must be at least 1' })
      .optional(),
  },
  { error: 'The body must be an object like {"goal": "Confirm Kim\'s appointment"}' },
);

/** What a browser call takes of an agent: what it says and how (not tools, transfer, …). */
const WEB_CALL_AGENT_FIELDS = [
  'goal',
  'context',
  'voice',
  'language',
  'speaking_style',
  'first_sentence',
] as const;

export const sayToWebCallSchema = z.strictObject(
  {
    text: z
      .string({ error: 'text must be what you say to the agent' })
      .trim()
      .min(1, { error: 'text must not be empty' })
      .max(TEXT_MAX, { error: `text must be at most ${TEXT_MAX} characters` }),
  },
  { error: 'The body must be an object like {"text": "Yes, 3 pm works."}' },
);

type Turn = {
  speaker: 'agent' | 'callee';
  text: string;
  start_ms: number;
  end_ms: number;
  /** Keys pressed: none in a browser call. */
  dtmf: null;
};

/** At most this much synthetic voice per turn (16 KB a second of WAV, sent inline as base64). */
const AUDIO_MAX_SECONDS = 3;

/**
 * The agent's turn as the browser plays it: its words and a synthetic voice, a pulsed tone as long
 * as the turn up to AUDIO_MAX_SECONDS (nobody really speaks on the simulated network).
 */
function spoken(turn: Turn) {
  const seconds = Math.min(AUDIO_MAX_SECONDS, (turn.end_ms - turn.start_ms) / 1000);
  const wav = toneWav(seconds, [{ fromMs: 0, toMs: seconds * 1000, hz: 440 }]);
  return {
    ...turn,
    audio: { content_type: 'audio/wav', base64: Buffer.from(wav).toString('base64') },
  };
}

type SqlAnswer = {
  error?: string;
  status?: string;
  task_id?: string;
  ended?: boolean;
  required_usd?: number;
  available_usd?: number;
};

/** Where a live browser call's audio goes: the provider's socket and its format. */
const socketOf = (url: string) => ({
  url,
  encoding: WEB_CALL_AUDIO.format,
  sample_rate: WEB_CALL_AUDIO.sampleRate,
  channels: 1,
});

export function webCalls(deps: {
  db: Db;
  tasks: Pick<
    TaskService,
    'get' | 'ownTask' | 'placeWebCall' | 'sayInLiveCall' | 'hangUp' | 'cancel'
  >;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const { db } = deps;

  async function ownWebCall(owner: Owner, taskId: string) {
    const task = await deps.tasks.get(owner, taskId);
    if (task.direction !== 'web') throw taskNotFound(taskId);
    return task;
  }

  /** Where the next turn starts: after the last one, or where the wall clock is now. */
  function nextStart(task: { started_at: string | null; transcript: { end_ms: number }[] }) {
    const elapsed = task.started_at ? now() - Date.parse(task.started_at) : 0;
    const last = task.transcript.at(-1)?.end_ms ?? 0;
    return Math.max(last + 200, elapsed);
  }

  function refused(result: SqlAnswer, taskId: string): ServiceError {
    switch (result.error) {
      case 'not_found':
        return taskNotFound(taskId);
      case 'ended':
        return new ServiceError(
          'invalid_request',
          `This browser call has ended (status ${result.status}). Start a new one with POST /task/web-calls.`,
        );
      case 'too_long':
        return new ServiceError(
          'invalid_request',
          `A browser call holds at most ${LIMITS.webCallTurnsMax} turns; hang up and start a new one.`,
        );
      // The limits of any new call, worded as a task's create words them.
      case 'rate_limited':
      case 'too_many_open_tasks':
      case 'too_many_test_calls':
      case 'insufficient_credits':
        return refusal(result as Parameters<typeof refusal>[0], '');
      default:
        return accountRefusal(result.error ?? 'unauthorized');
    }
  }

  async function say(
    owner: Owner,
    taskId: string,
    turns: Turn[],
    endSummary: string | null,
  ): Promise<SqlAnswer> {
    const result = must(
      await db.rpc('web_call_say', {
        p_user_id: owner.userId,
        p_task_id: taskId,
        p_turns: turns,
        p_end_summary: endSummary,
      }),
    ) as SqlAnswer;
    if (result.error) throw refused(result, taskId);
    return result;
  }

  /** A live call: the words go to the provider's call; the agent answers by voice and transcript. */
  async function sayLive(owner: Owner, taskId: string, text: string) {
    const found = await deps.tasks.ownTask(owner, taskId);
    if (isTerminal(found.row.status))
      throw refused({ error: 'ended', status: found.row.status }, taskId);
    await deps.tasks.sayInLiveCall(found, text);
    const startedAt = found.row.started_at ? Date.parse(found.row.started_at) : now();
    const at = Math.max(0, now() - startedAt);
    const heard: Turn = { speaker: 'callee', text, start_ms: at, end_ms: at, dtmf: null };
    return { object: 'web_call_turn' as const, heard, reply: null, ended: false };
  }

  /**
   * A live call is hung up at the provider, whose end-of-call report ends and bills it; one the
   * provider has not opened yet is canceled.
   */
  async function endLive(owner: Owner, taskId: string) {
    const found = await deps.tasks.ownTask(owner, taskId);
    if (isTerminal(found.row.status)) return await deps.tasks.get(owner, taskId);
    const attempt = found.attempts.find((a) => a.number === found.row.current_attempt);
    if (!attempt?.provider_call_id) return await deps.tasks.cancel(owner, taskId);
    await deps.tasks.hangUp(taskId, {
      providerCallId: attempt.provider_call_id,
      controlUrl: attempt.provider_control_url,
    });
    return await deps.tasks.get(owner, taskId);
  }

  return {
    /**
     * Starts a browser call. A test one: the agent has said its opening (given with its audio). A
     * live one: the provider's call is open, and starts when the browser connects to `websocket`.
     */
    async start(
      caller: Caller,
      body: unknown,
      source: 'api' | 'dashboard',
      /** The caller's agents: the one the body names, or the account's default agent. */
      agents?: AgentLookup,
    ) {
      // The agent it names, else the account's default agent (`agent_id: null`: none).
      const input = parseOrThrow(
        startWebCallSchema,
        await withAgentFields(
          await namingDefaultAgent(body, agents),
          agents,
          WEB_CALL_AGENT_FIELDS,
        ),
      );
      const id = newTaskId(now());
      // A live call's provider messages carry this token; a test call's never come.
      const token = randomToken();
      const begun = must(
        await db.rpc('web_call_begin', {
          p_user_id: caller.userId,
          p_task: {
            ...input,
            id,
            source,
            api_key_id: caller.apiKeyId,
            max_duration_minutes: input.max_duration_minutes ?? 5,
            provider_token_hash: await sha256Hex(token),
            livemode: caller.livemode,
          },
        }),
      ) as SqlAnswer;
      if (begun.error) throw refused(begun, id);
      const owner = { userId: caller.userId, livemode: caller.livemode };
      if (caller.livemode) {
        const websocketUrl = await deps.tasks.placeWebCall(id, token);
        return {
          ...(await deps.tasks.get(owner, id)),
          reply: null,
          websocket: socketOf(websocketUrl),
        };
      }
      const task = await ownWebCall(owner, id);
      const disclosures = disclosuresFor({
        business_name: task.disclosures?.business_name ?? null,
        callback_number: task.disclosures?.callback_number ?? null,
        language: task.language,
        voice: task.voice,
        phoneNumber: '',
        record: false,
        purpose: 'informational',
      });
      const opening = spokenOpening(disclosures, task.first_sentence ?? '', task.voice);
      const text = `${opening.firstMessage} ${reasonLine(task.goal ?? '', task.language)}`;
      const greeting: Turn = {
        speaker: 'agent',
        text,
        start_ms: 400,
        end_ms: 400 + speakingMs(text),
        dtmf: null,
      };
      await say(owner, id, [greeting], null);
      return { ...(await deps.tasks.get(owner, id)), reply: spoken(greeting), websocket: null };
    },

    /** What the user says, and the agent's answer (the call ends when the agent says goodbye). */
    async say(owner: Owner, taskId: string, body: unknown) {
      const { text } = parseOrThrow(sayToWebCallSchema, body);
      // An ended call is refused by web_call_say, which decides under the call's lock.
      const task = await ownWebCall(owner, taskId);
      if (task.livemode) return await sayLive(owner, taskId, text);
      const heardAt = nextStart(task);
      const heard: Turn = {
        speaker: 'callee',
        text,
        start_ms: heardAt,
        end_ms: heardAt + speakingMs(text),
        dtmf: null,
      };
      const reply = agentReply({
        goal: task.goal ?? '',
        voice: task.voice,
        businessName: task.disclosures?.business_name ?? 'our business',
        heard: text,
        language: task.language,
      });
      const answer: Turn = {
        speaker: 'agent',
        text: reply.text,
        start_ms: heard.end_ms + 500,
        end_ms: heard.end_ms + 500 + speakingMs(reply.text),
        dtmf: null,
      };
      await say(owner, taskId, [heard, answer], reply.ends ? (reply.summary ?? null) : null);
      return {
        object: 'web_call_turn' as const,
        heard,
        reply: spoken(answer),
        ended: reply.ends,
      };
    },

    /** Hangs up (again is no error); answers the ended task (a live one ends as the provider reports). */
    async end(owner: Owner, taskId: string) {
      const task = await ownWebCall(owner, taskId);
      if (task.livemode) return await endLive(owner, taskId);
      const result = must(
        await db.rpc('web_call_end', {
          p_user_id: owner.userId,
          p_task_id: taskId,
          p_summary: `${browserCallAbout(task.goal ?? '')} You hung up.`,
        }),
      ) as SqlAnswer;
      if (result.error) throw refused(result, taskId);
      return await deps.tasks.get(owner, taskId);
    },
  };
}
