import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { balanceKeys, usageQueryKey } from '@/lib/balance';
import { CallApiError } from '@/lib/call-api';
import type { TaskStatus, TranscriptTurn } from '@/lib/call-types';
import { callsKeys } from '../api/query-keys';
import { streamCallEvents, type CallEvent } from '../api/stream-call-events';

export type CallStreamState = {
  /** connecting → live ⇄ reconnecting → ended (task.completed) or error. */
  connection: 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended' | 'error';
  /** Transcript turns in the order they were said, as they arrive. */
  turns: (TranscriptTurn & { eventId: number })[];
  /** The status the events tell, ahead of the stored row. */
  status: TaskStatus | null;
  error: string | null;
};

type Action =
  | { type: 'connect' }
  | { type: 'reconnecting' }
  | { type: 'event'; event: CallEvent }
  | { type: 'error'; message: string };

const initialState: CallStreamState = {
  connection: 'idle',
  turns: [],
  status: null,
  error: null,
};

const statusOfEvent: Record<string, TaskStatus> = {
  'task.queued': 'queued',
  'call.ringing': 'ringing',
  'call.answered': 'in_progress',
  'task.retry_scheduled': 'retry_scheduled',
};

function reducer(state: CallStreamState, action: Action): CallStreamState {
  switch (action.type) {
    case 'connect':
      return { ...state, connection: 'live', error: null };
    case 'reconnecting':
      return { ...state, connection: 'reconnecting' };
    case 'error':
      return { ...state, connection: 'error', error: action.message };
    case 'event': {
      const { event } = action;
      if (event.type === 'transcript.turn') {
        if (state.turns.some((t) => t.eventId === event.id)) return state;
        const d = event.data as Partial<TranscriptTurn>;
        const turn = {
          eventId: event.id,
          speaker: typeof d.speaker === 'string' ? d.speaker : 'agent',
          text: typeof d.text === 'string' ? d.text : '',
          start_ms: Number(d.start_ms) || 0,
          end_ms: Number(d.end_ms) || 0,
        };
        return { ...state, turns: [...state.turns, turn] };
      }
      if (event.type === 'task.completed') {
        const status = (event.data as { status?: TaskStatus }).status ?? state.status;
        return { ...state, connection: 'ended', status };
      }
      const status = statusOfEvent[event.type];
      return status ? { ...state, status } : state;
    }
  }
}

/** Lifecycle events after which the stored call (status, attempts) is read again. */
const refreshOn = new Set(['call.ringing', 'call.answered', 'call.ended', 'task.retry_scheduled']);

/**
 * Follows a call's event stream while `enabled` (a call that has not ended, and an API key):
 * transcript turns as they are said, the status as it moves; at `task.completed` it stops and
 * refreshes the call, the Calls list and the balance (the call's cost is settled by then).
 * Mount it under a `key` of the task id, so another call starts from a clean state.
 */
export function useCallEvents(options: {
  userId: string | null | undefined;
  taskId: string;
  apiKey: string | null | undefined;
  enabled: boolean;
  reconnectDelayMs?: number;
}): CallStreamState {
  const { userId, taskId, apiKey, enabled, reconnectDelayMs } = options;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reducer, {
    ...initialState,
    connection: enabled && apiKey ? 'connecting' : 'idle',
  });

  useEffect(() => {
    if (!enabled || !apiKey || !userId) return;
    const controller = new AbortController();
    void streamCallEvents({
      apiKey,
      taskId,
      signal: controller.signal,
      reconnectDelayMs,
      onConnect: () => dispatch({ type: 'connect' }),
      onReconnecting: () => dispatch({ type: 'reconnecting' }),
      onEvent: (event) => {
        dispatch({ type: 'event', event });
        if (refreshOn.has(event.type))
          void queryClient.invalidateQueries({ queryKey: callsKeys.detail(userId, taskId) });
        if (event.type === 'task.completed') {
          void queryClient.invalidateQueries({ queryKey: callsKeys.detail(userId, taskId) });
          void queryClient.invalidateQueries({ queryKey: callsKeys.list(userId) });
          void queryClient.invalidateQueries({ queryKey: balanceKeys.ofUser(userId) });
          void queryClient.invalidateQueries({ queryKey: usageQueryKey(userId) });
        }
      },
    }).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      dispatch({
        type: 'error',
        message:
          error instanceof CallApiError
            ? error.message
            : 'The live transcript stopped unexpectedly. Reopen the call to try again.',
      });
    });
    return () => controller.abort();
  }, [enabled, apiKey, userId, taskId, reconnectDelayMs, queryClient]);

  return state;
}
