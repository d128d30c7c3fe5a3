-- A call's times are stored in order: started (dialled) ≤ answered ≤ ended. They come from two
-- clocks, the database's (placement, cancel, the watchdog) and the provider's (ringing, answer,
-- end), so a provider's clock running ahead, or a cancel landing before a reported answer, could
-- store a start after the end. Whichever statement writes them, the later clock's start is pulled
-- back to the end: the end of a canceled task is the moment it was canceled.

-- Functions ---------------------------------------------------------------------------------------

create function private.keep_call_times_in_order() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only times that are set move: a call never answered keeps a null answered_at (least()
  -- would fill a null from the others).
  if tg_table_name = 'task_attempts' then
    if new.answered_at > new.ended_at then
      new.answered_at := new.ended_at;
    end if;
    if new.started_at > coalesce(new.answered_at, new.ended_at) then
      new.started_at := coalesce(new.answered_at, new.ended_at);
    end if;
  elsif new.started_at > new.ended_at then
    new.started_at := new.ended_at;
  end if;
  return new;
end;
$$;
comment on function private.keep_call_times_in_order() is
  'Trigger: keeps started_at ≤ answered_at ≤ ended_at on tasks and task_attempts by moving a later start or answer back to the end.';

-- Triggers ----------------------------------------------------------------------------------------

create trigger tasks_call_times_in_order
  before insert or update of started_at, ended_at on public.tasks
  for each row execute function private.keep_call_times_in_order();
comment on trigger tasks_call_times_in_order on public.tasks is
  'A task never starts after it ended.';

create trigger task_attempts_call_times_in_order
  before insert or update of started_at, answered_at, ended_at on public.task_attempts
  for each row execute function private.keep_call_times_in_order();
comment on trigger task_attempts_call_times_in_order on public.task_attempts is
  'An attempt is dialled before it is answered, and answered before it ended.';

-- Grants ------------------------------------------------------------------------------------------

revoke all on function private.keep_call_times_in_order() from public, anon, authenticated;
