import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dateRange, statusRange, type RequestLogFilters } from './request-log-filters';

export const REQUEST_LOGS_PAGE_SIZE = 50;

export type RequestLogRow = {
  id: number;
  created_at: string;
  method: string;
  path: string;
  query: string | null;
  status: number;
  request_id: string;
  latency_ms: number;
  key_mask: string;
  error_code: string | null;
  source: string;
};

export type RequestLogDetail = RequestLogRow & {
  request_body: string | null;
  body_truncated: boolean;
};

const ROW_COLUMNS =
  'id, created_at, method, path, query, status, request_id, latency_ms, key_mask, error_code, source';

export const requestLogKeys = {
  all: ['request-logs'] as const,
  list: (userId: string, livemode: boolean, filters: RequestLogFilters) =>
    [...requestLogKeys.all, userId, livemode, filters] as const,
  detail: (id: number) => [...requestLogKeys.all, 'detail', id] as const,
};

/** A page of the account's logs of one mode, newest first; one row more tells a next page. */
export async function listRequestLogs(
  userId: string,
  livemode: boolean,
  filters: RequestLogFilters,
): Promise<{ rows: RequestLogRow[]; hasNext: boolean }> {
  let query = supabase
    .from('api_request_logs')
    .select(ROW_COLUMNS)
    .eq('user_id', userId)
    .eq('livemode', livemode);
  if (filters.status) {
    const [low, high] = statusRange(filters.status);
    query = query.gte('status', low).lt('status', high);
  }
  if (filters.method) query = query.eq('method', filters.method);
  if (filters.path) query = query.like('path', `${filters.path.replace(/[%_\\]/g, '\\$&')}%`);
  if (filters.requestId) query = query.eq('request_id', filters.requestId);
  const { start, end } = dateRange(filters.from, filters.to);
  if (start) query = query.gte('created_at', start);
  if (end) query = query.lt('created_at', end);
  const offset = (filters.page - 1) * REQUEST_LOGS_PAGE_SIZE;
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + REQUEST_LOGS_PAGE_SIZE);
  if (error) throw error;
  return {
    rows: data.slice(0, REQUEST_LOGS_PAGE_SIZE),
    hasNext: data.length > REQUEST_LOGS_PAGE_SIZE,
  };
}

export function useRequestLogs(
  userId: string | undefined,
  livemode: boolean,
  filters: RequestLogFilters,
) {
  return useQuery({
    queryKey: requestLogKeys.list(userId ?? '', livemode, filters),
    queryFn: () => listRequestLogs(userId!, livemode, filters),
    enabled: !!userId,
    placeholderData: keepPreviousData,
  });
}

export async function getRequestLog(id: number): Promise<RequestLogDetail> {
  const { data, error } = await supabase
    .from('api_request_logs')
    .select(`${ROW_COLUMNS}, request_body, body_truncated`)
    .eq('id', id)
    .single();
  if (error) throw error;
  return data;
}

export function useRequestLog(id: number | null) {
  return useQuery({
    queryKey: requestLogKeys.detail(id ?? 0),
    queryFn: () => getRequestLog(id!),
    enabled: id !== null,
  });
}
