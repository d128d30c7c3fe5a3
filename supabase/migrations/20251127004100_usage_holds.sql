-- The usage summary says what is held as well as what is used: free minutes reserved and credits
-- held by calls in progress or waiting for a retry, released or billed when those calls end.
-- Without them, "10 of 100 free minutes left" while credits are charged reads as a mistake.

-- Functions ---------------------------------------------------------------------------------------

create or replace function public.usage_summary() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'free_minutes_total', 100,
    'free_minutes_used', coalesce((select free_minutes_used from public.profiles where id = auth.uid()), 0),
    'free_minutes_held', coalesce((select free_minutes_reserved from public.profiles where id = auth.uid()), 0),
    'credits_usd', coalesce((select credits from public.profiles where id = auth.uid()), 0),
    'credits_held_usd', coalesce((select credits_held from public.profiles where id = auth.uid()), 0),
    'month_minutes', coalesce((
      select sum(a.billed_minutes) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0),
    'month_cost_usd', coalesce((
      select sum(a.cost_cents) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0) / 100.0,
    'daily', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'minutes', d.minutes) order by d.day)
        from (
          select days.day, coalesce(sum(a.billed_minutes), 0)::integer as minutes
            from generate_series(current_date - 29, current_date, interval '1 day') as days(day)
            left join public.tasks t on t.user_id = auth.uid()
            left join public.task_attempts a
              on a.task_id = t.id and a.settled_at >= days.day and a.settled_at < days.day + interval '1 day'
           group by days.day
        ) d), '[]'::jsonb)
  );
$$;
comment on function public.usage_summary() is
  'The caller''s usage: free minutes used and held of 100, credits and credits held, minutes and dollars this month, minutes per day for 30 days.';
