import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { callsKeys } from './query-keys';

/** What the agent did during a call besides speaking, as the transcript shows it. */
export type CallAction =
  | {
      kind: 'tool';
      seq: number;
      id: string;
      at: string;
      name: string;
      arguments: unknown;
      /** null while the tool has not answered. */
      answer: {
        ok: boolean;
        result: unknown;
        error: string | null;
        durationMs: number | null;
      } | null;
    }
  | { kind: 'transfer'; seq: number; at: string; to: string }
  | {
      kind: 'lookup';
      seq: number;
      at: string;
      query: string;
      /** Where the answer came from: each passage's document and place. */
      found: { document: string; place: string }[];
    }
  | { kind: 'keys'; seq: number; at: string; speaker: string; digits: string };

export const CALL_ACTION_EVENTS = [
  'tool.called',
  'tool.answered',
  'knowledge.searched',
  'call.transferred',
  'keypad.pressed',
] as const;

type ActionEvent = { seq: number; type: string; data: Record<string, unknown>; created_at: string };

/** Folds a call's events into its actions: a tool's answer joins its call (by tool_call_id). */
export function callActionsOf(events: readonly ActionEvent[]): CallAction[] {
  const actions: CallAction[] = [];
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const d = event.data ?? {};
    if (event.type === 'tool.called')
      actions.push({
        kind: 'tool',
        seq: event.seq,
        id: String(d.tool_call_id ?? ''),
        at: event.created_at,
        name: String(d.name ?? ''),
        arguments: d.arguments ?? null,
        answer: null,
      });
    else if (event.type === 'tool.answered') {
      const call = actions.find((a) => a.kind === 'tool' && a.id === String(d.tool_call_id ?? ''));
      const answer = {
        ok: d.ok === true,
        result: d.result ?? null,
        error: typeof d.error === 'string' ? d.error : null,
        durationMs: typeof d.duration_ms === 'number' ? d.duration_ms : null,
      };
      if (call && call.kind === 'tool') call.answer = answer;
    } else if (event.type === 'call.transferred')
      actions.push({
        kind: 'transfer',
        seq: event.seq,
        at: event.created_at,
        to: String(d.to ?? ''),
      });
    else if (event.type === 'knowledge.searched')
      actions.push({
        kind: 'lookup',
        seq: event.seq,
        at: event.created_at,
        query: String(d.query ?? ''),
        found: (Array.isArray(d.results) ? d.results : []).map((one: Record<string, unknown>) => ({
          document: String(one.document ?? ''),
          place: String(one.place ?? ''),
        })),
      });
    else if (event.type === 'keypad.pressed' && typeof d.digits === 'string')
      actions.push({
        kind: 'keys',
        seq: event.seq,
        at: event.created_at,
        speaker: String(d.speaker ?? 'callee'),
        digits: d.digits,
      });
  }
  return actions;
}

/** The call's actions, read from its event log (row-level security: the owner's tasks only). */
export function useCallActions(
  userId: string | null | undefined,
  taskId: string,
  ended: boolean,
  /** How many live events arrived: a new one reads the actions again. */
  seen = 0,
) {
  return useQuery({
    queryKey: [...callsKeys.detail(userId ?? '', taskId), 'actions', ended, seen],
    placeholderData: (previous) => previous,
    enabled: !!userId,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('task_events')
        .select('seq, type, data, created_at')
        .eq('task_id', taskId)
        .in('type', [...CALL_ACTION_EVENTS])
        .order('seq');
      if (error) throw error;
      return callActionsOf((data ?? []) as ActionEvent[]);
    },
  });
}
