import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { balanceKeys, usageQueryKey } from '@/lib/balance';
import { ApiError } from '@/lib/api/api-error';
import { callDetailOf, type ApiTask } from '@/lib/call-types';
import { callsKeys } from '../api/query-keys';
import { streamCallEvents, type CallEvent } from '../api/stream-call-events';

export type CallStreamState = {
  /** connecting → live ⇄ reconnecting → ended (task.completed) or error. */
  connection: 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended' | 'error';
  /** The task's events in order, each once (a resumed stream may repeat one). */
  events: CallEvent[];
  error: string | null;
};

type Action =
  | { type: 'connect' }
  | { type: 'reconnecting' }
  | { type: 'event'; event: CallEvent }
  | { type: 'error'; message: string };

const initialState: CallStreamState = { connection: 'idle', events: [], error: null };

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
      if (state.events.some((e) => e.id === event.id)) return state;
      return {
        ...state,
        connection: event.type === 'task.completed' ? 'ended' : state.connection,
        events: [...state.events, event],
      };
    }
  }
}

/**
 * Follows a call's event stream while `enabled` (a call that has not ended, and a session). The
 * dialog folds the events over the API's snapshot (api/call-view.ts); nothing is read again per
 * event. At `task.completed`, whose data is the finished task object, it stores that object as the
 * call, and refreshes the Calls list and the balance (the call's cost is settled by then).
 * Mount it under a `key` of the task id, so another call starts from a clean state.
 */
export function useCallEvents(options: {
  userId: string | null | undefined;
  taskId: string;
  enabled: boolean;
  reconnectDelayMs?: number;
}): CallStreamState {
  const { userId, taskId, enabled, reconnectDelayMs } = options;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reducer, {
    ...initialState,
    connection: enabled && userId ? 'connecting' : 'idle',
  });

  useEffect(() => {
    if (!enabled || !userId) return;
    const controller = new AbortController();
    void streamCallEvents({
      taskId,
      signal: controller.signal,
      reconnectDelayMs,
      onConnect: () => dispatch({ type: 'connect' }),
      onReconnecting: () => dispatch({ type: 'reconnecting' }),
      onEvent: (event) => {
        dispatch({ type: 'event', event });
        if (event.type === 'task.completed') {
          queryClient.setQueryData(
            callsKeys.detail(userId, taskId),
            callDetailOf(event.data as ApiTask),
          );
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
          error instanceof ApiError
            ? error.message
            : 'The live transcript stopped unexpectedly. Reopen the call to try again.',
      });
    });
    return () => controller.abort();
  }, [enabled, userId, taskId, reconnectDelayMs, queryClient]);

  return state;
}
