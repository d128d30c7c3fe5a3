import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { viewerTimeZone, type UsageRange, type UsageRow } from './usage-days';

/** The caller's usage per day (RPC usage_daily, which reads only the caller's own calls). */
export async function getUsage(days: UsageRange, timeZone: string): Promise<UsageRow[]> {
  const { data, error } = await supabase.rpc('usage_daily', {
    p_days: days,
    p_time_zone: timeZone,
  });
  if (error) throw error;
  return data ?? [];
}

export function useUsage(userId: string | null | undefined, days: UsageRange) {
  const timeZone = viewerTimeZone();
  return useQuery({
    queryKey: ['usage', userId ?? '', days, timeZone],
    queryFn: () => getUsage(days, timeZone),
    enabled: !!userId,
  });
}
