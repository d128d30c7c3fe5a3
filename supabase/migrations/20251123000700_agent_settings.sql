-- Phone-agent settings: the voice, speaking style and language the call API uses when a request
-- names none. One row per user; a missing row means the defaults
-- (Aria, Professional, en). Owners read and write only their own row; the call API reads it with
-- the service role.

-- Tables -----------------------------------------------------------------------------------------

create table public.agent_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  voice text not null default 'Aria'
    constraint agent_settings_voice_valid check (voice in ('Aria', 'Roger', 'Sarah', 'George')),
  speaking_style text not null default 'Professional'
    constraint agent_settings_speaking_style_valid
      check (speaking_style in ('Professional', 'Conversational', 'Friendly')),
  language text not null default 'en'
    constraint agent_settings_language_valid check (language in ('en', 'es', 'fr', 'de')),
  updated_at timestamptz not null default now()
);
comment on table public.agent_settings is
  'Phone-agent defaults per user (voice, speaking style, language); no row means the defaults.';
comment on column public.agent_settings.voice is 'Aria, Roger, Sarah or George (ElevenLabs premade voices).';
comment on column public.agent_settings.speaking_style is 'Professional, Conversational or Friendly.';
comment on column public.agent_settings.language is 'ISO 639-1: en, es, fr or de.';

-- Triggers ---------------------------------------------------------------------------------------

create trigger agent_settings_set_updated_at
  before update on public.agent_settings
  for each row execute function private.set_updated_at();
comment on trigger agent_settings_set_updated_at on public.agent_settings is 'Keeps updated_at current.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on public.agent_settings from public, anon, authenticated;
grant select on public.agent_settings to authenticated;
grant insert (user_id, voice, speaking_style, language) on public.agent_settings to authenticated;
-- user_id is listed because PostgREST's upsert sets every posted column; the policy pins it.
grant update (user_id, voice, speaking_style, language) on public.agent_settings to authenticated;
grant all on public.agent_settings to service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.agent_settings enable row level security;

create policy "Users can read their own agent settings"
  on public.agent_settings for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can create their own agent settings"
  on public.agent_settings for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can change their own agent settings"
  on public.agent_settings for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
