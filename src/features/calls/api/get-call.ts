import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { CALL_SUMMARY_COLUMNS, type CallAttempt, type CallDetail } from '@/lib/call-types';
import { callsKeys } from './query-keys';

const DETAIL_COLUMNS = `${CALL_SUMMARY_COLUMNS}, voice, language, speaking_style, max_duration_minutes, context, metadata, next_attempt_at, transcript, summary, failure_reason, source, output_schema, result, result_note, record, recording_expires_at, task_attempts(number, status, started_at, ended_at, ended_reason, duration_seconds)`;

type DetailRow = Omit<CallDetail, 'attempts'> & { task_attempts: CallAttempt[] | null };

/**
 * One of the signed-in user's calls with its attempts, from `tasks` and `task_attempts` (RLS:
 * their own), or null when there is no such call. Throws on a Supabase error.
 */
export async function getCall(userId: string, taskId: string): Promise<CallDetail | null> {
  const { data, error } = await supabase
    .from('tasks')
    .select(DETAIL_COLUMNS)
    .eq('user_id', userId)
    .eq('id', taskId)
    .maybeSingle<DetailRow>();
  if (error) throw error;
  if (!data) return null;
  const { task_attempts: attempts, ...call } = data;
  return {
    ...call,
    transcript: Array.isArray(call.transcript) ? call.transcript : [],
    attempts: [...(attempts ?? [])].sort((a, b) => a.number - b.number),
  };
}

export function callQueryOptions(userId: string | null | undefined, taskId: string | null) {
  return queryOptions({
    queryKey: callsKeys.detail(userId ?? '', taskId ?? ''),
    queryFn: () => getCall(userId!, taskId!),
    enabled: !!userId && !!taskId,
  });
}

export function useCall(userId: string | null | undefined, taskId: string | null) {
  return useQuery(callQueryOptions(userId, taskId));
}
