-- Call recordings move out of the database into a private Storage bucket
-- (docs/decisions/0020-call-recordings-in-storage.md). The database keeps one row per recorded task
-- naming its object and where its copy stands; the audio is streamed from the provider into
-- Storage after the call's end is applied, retried later if that fails, and streamed out by the
-- task API. Retention and account erasure mark rows `erasing` (the task stops advertising the
-- recording at once); the dispatch function then removes the objects through the Storage API
-- (Storage refuses a plain SQL delete of its rows) and drops the rows.

-- The bucket ------------------------------------------------------------------------------------

-- 128 MiB: a 60-minute call in 16 kHz 16-bit WAV (115 MB). Only the service role reaches it:
-- storage.objects has no policy for it, so no API role can read, list or write its objects.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('call-recordings', 'call-recordings', false, 134217728, array['audio/wav', 'audio/mpeg'])
on conflict (id) do nothing;

-- Tables -----------------------------------------------------------------------------------------

-- Audio kept in the table so far cannot be moved by SQL; those recordings end here.
delete from private.task_recordings;
alter table private.task_recordings
  drop column audio,
  alter column content_type drop not null,
  add column object_path text not null,
  add column status text not null default 'pending'
    constraint task_recordings_status check (status in ('pending', 'stored', 'failed', 'erasing')),
  add column size_bytes bigint,
  add column source_url text,
  add column copy_attempts integer not null default 0,
  add column next_copy_at timestamptz,
  add column last_error text;
comment on table private.task_recordings is
  'One recorded task''s audio in the call-recordings bucket (its last answered attempt): where the copy stands, the object, and when it is erased.';
comment on column private.task_recordings.status is
  'pending: to be copied from the provider (retried at next_copy_at); stored: in Storage; failed: given up; erasing: past retention or the account erased, the object still to remove.';
comment on column private.task_recordings.source_url is
  'The provider''s recording URL, kept only while the copy is pending (never shown).';
create index task_recordings_copy_due on private.task_recordings (next_copy_at) where status = 'pending';
create index task_recordings_erasing on private.task_recordings (task_id) where status = 'erasing';

alter table public.tasks
  add column recording_status text
    constraint tasks_recording_status check (recording_status in ('pending', 'available', 'failed', 'erased'));
comment on column public.tasks.recording_status is
  'Where the recording stands: pending (being copied), available, failed (could not be copied), erased; null while none was made.';
update public.tasks set recording_status = 'erased' where recording_expires_at is not null;
grant select (recording_status) on public.tasks to authenticated;

-- Functions --------------------------------------------------------------------------------------

drop function public.task_save_recording(text, integer, text, text, integer);

create function public.task_recording_begin(
  p_task_id text, p_attempt integer, p_source_url text, p_duration_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  expires timestamptz;
  path text;
begin
  select * into task from public.tasks where id = p_task_id for update;
  if not found or not task.record or task.current_attempt <> p_attempt then
    return null;
  end if;
  -- Retention counts from the end of the call, however long the copy takes.
  expires := now() + make_interval(days => task.recording_retention_days);
  path := task.user_id || '/' || task.id;
  -- The copy right after the end holds the row for 10 minutes; then the dispatcher may retry.
  insert into private.task_recordings (task_id, attempt, object_path, status, source_url,
                                       duration_seconds, expires_at, next_copy_at)
  values (p_task_id, p_attempt, path, 'pending', p_source_url,
          greatest(0, coalesce(p_duration_seconds, 0)), expires, now() + interval '10 minutes')
  on conflict (task_id) do update
     set attempt = excluded.attempt, object_path = excluded.object_path, status = 'pending',
         source_url = excluded.source_url, duration_seconds = excluded.duration_seconds,
         expires_at = excluded.expires_at, next_copy_at = excluded.next_copy_at,
         copy_attempts = 0, last_error = null, created_at = now()
   where private.task_recordings.status <> 'erasing';
  if not found then
    return null;
  end if;
  update public.tasks set recording_expires_at = expires, recording_status = 'pending'
   where id = p_task_id;
  return jsonb_build_object('object_path', path, 'expires_at', expires);
end;
$$;
comment on function public.task_recording_begin(text, integer, text, integer) is
  'At the end of a recorded task''s current attempt: notes the provider''s recording to copy (pending) and the object it goes to; null if the task did not ask to be recorded.';

create function public.task_recording_stored(
  p_task_id text, p_attempt integer, p_content_type text, p_size_bytes bigint
) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  update private.task_recordings
     set status = 'stored', content_type = p_content_type, size_bytes = p_size_bytes,
         source_url = null, next_copy_at = null, last_error = null
   where task_id = p_task_id and attempt = p_attempt and status = 'pending';
  if not found then
    return false;
  end if;
  update public.tasks set recording_status = 'available' where id = p_task_id;
  return true;
end;
$$;
comment on function public.task_recording_stored(text, integer, text, bigint) is
  'The copy of a pending recording is in Storage: the task now serves it. False if it was erased or replaced meanwhile.';

create function public.task_recording_copy_failed(
  p_task_id text, p_attempt integer, p_error text, p_final boolean default false
) returns text
language plpgsql
set search_path = ''
as $$
declare
  attempts integer;
begin
  -- Retried after 1, 4, 16, 64 and 256 minutes; the sixth failure (or a final one) gives up.
  update private.task_recordings
     set copy_attempts = copy_attempts + 1, last_error = left(p_error, 500),
         next_copy_at = now() + make_interval(mins => power(4, copy_attempts)::integer)
   where task_id = p_task_id and attempt = p_attempt and status = 'pending'
  returning copy_attempts into attempts;
  if not found then
    return null;
  end if;
  if p_final or attempts >= 6 then
    update private.task_recordings set status = 'failed', source_url = null, next_copy_at = null
     where task_id = p_task_id;
    update public.tasks set recording_status = 'failed' where id = p_task_id;
    return 'failed';
  end if;
  return 'pending';
end;
$$;
comment on function public.task_recording_copy_failed(text, integer, text, boolean) is
  'A copy of a pending recording failed: schedules the next try, or gives up (failed) after six or on a final error.';

create function public.task_recordings_claim_copies(p_now timestamptz, p_limit integer default 2)
returns table (task_id text, attempt integer, source_url text, object_path text)
language sql
set search_path = ''
as $$
  update private.task_recordings r
     set next_copy_at = p_now + interval '10 minutes'
   where r.task_id in (
     select c.task_id from private.task_recordings c
      where c.status = 'pending' and c.next_copy_at <= p_now
      order by c.next_copy_at
      limit p_limit
      for update skip locked)
  returning r.task_id, r.attempt, r.source_url, r.object_path;
$$;
comment on function public.task_recordings_claim_copies(timestamptz, integer) is
  'Pending copies due by p_now, each held for 10 minutes by the caller (the dispatch function) while it copies.';

create or replace function public.task_recording(p_user_id uuid, p_task_id text, p_now timestamptz default now())
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('object_path', r.object_path, 'content_type', r.content_type,
                            'size_bytes', r.size_bytes, 'expires_at', r.expires_at)
    from private.task_recordings r
    join public.tasks t on t.id = r.task_id
   where r.task_id = p_task_id and t.user_id = p_user_id and r.status = 'stored'
     and r.expires_at > p_now;
$$;
comment on function public.task_recording(uuid, text, timestamptz) is
  'Where one of the account''s recordings is stored while its retention lasts, or null (not recorded, not copied, expired, or another account''s task).';

create or replace function private.erase_expired_recordings(p_now timestamptz) returns integer
language plpgsql
set search_path = ''
as $$
declare
  erased integer;
begin
  with due as (
    update private.task_recordings
       set status = 'erasing', source_url = null, next_copy_at = null
     where expires_at <= p_now and status <> 'erasing'
    returning task_id
  )
  update public.tasks t set recording_status = 'erased'
    from due where t.id = due.task_id;
  get diagnostics erased = row_count;
  return erased;
end;
$$;
comment on function private.erase_expired_recordings(timestamptz) is
  'Marks every recording past its retention as erased (the task stops serving it at once); the dispatch function removes the objects.';

create function public.task_recordings_erase_account(p_user_id uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  marked integer;
begin
  with due as (
    update private.task_recordings r
       set status = 'erasing', source_url = null, next_copy_at = null
      from public.tasks t
     where t.id = r.task_id and t.user_id = p_user_id and r.status <> 'erasing'
    returning r.task_id
  )
  update public.tasks t set recording_status = 'erased'
    from due where t.id = due.task_id;
  get diagnostics marked = row_count;
  return marked;
end;
$$;
comment on function public.task_recordings_erase_account(uuid) is
  'Marks all of an account''s recordings for erasure, whatever their retention (the account''s data is being erased).';

create function public.task_recordings_to_remove(p_limit integer default 1000)
returns table (task_id text, object_path text)
language sql
stable
set search_path = ''
as $$
  select r.task_id, r.object_path from private.task_recordings r
   where r.status = 'erasing' order by r.task_id limit p_limit;
$$;
comment on function public.task_recordings_to_remove(integer) is
  'Recordings marked for erasure whose objects the dispatch function removes from Storage.';

create function public.task_recordings_removed(p_task_ids text[]) returns integer
language plpgsql
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from private.task_recordings where task_id = any(p_task_ids) and status = 'erasing';
  get diagnostics removed = row_count;
  return removed;
end;
$$;
comment on function public.task_recordings_removed(text[]) is
  'Forgets recordings whose objects were removed from Storage.';

revoke all on function public.task_recording_begin(text, integer, text, integer) from public, anon, authenticated;
revoke all on function public.task_recording_stored(text, integer, text, bigint) from public, anon, authenticated;
revoke all on function public.task_recording_copy_failed(text, integer, text, boolean) from public, anon, authenticated;
revoke all on function public.task_recordings_claim_copies(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.task_recordings_erase_account(uuid) from public, anon, authenticated;
revoke all on function public.task_recordings_to_remove(integer) from public, anon, authenticated;
revoke all on function public.task_recordings_removed(text[]) from public, anon, authenticated;
grant execute on function public.task_recording_begin(text, integer, text, integer) to service_role;
grant execute on function public.task_recording_stored(text, integer, text, bigint) to service_role;
grant execute on function public.task_recording_copy_failed(text, integer, text, boolean) to service_role;
grant execute on function public.task_recordings_claim_copies(timestamptz, integer) to service_role;
grant execute on function public.task_recordings_erase_account(uuid) to service_role;
grant execute on function public.task_recordings_to_remove(integer) to service_role;
grant execute on function public.task_recordings_removed(text[]) to service_role;
