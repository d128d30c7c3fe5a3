-- Agents (docs/product-rules.md#agents): an account's named agents, each a list of immutable
-- versions of the fields a task's agent has (voice, language, speaking style, first sentence,
-- goal, context, tools, transfer, voicemail, result schema, calling window, max duration). A task
-- names one (`agent_id`, the latest version or a pinned `agent_version`), its own fields win, and
-- it records the version it ran with. Agents belong to the account, in both modes; they are
-- written through the functions below (the call API), read by their owner.

-- Tables -----------------------------------------------------------------------------------------

create table public.agents (
  id text primary key check (id ~ '^agt_[0-9A-Z]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  latest_version integer not null default 1 check (latest_version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- An archived agent takes no new task; its versions stay, for the tasks that ran with them.
  archived_at timestamptz,
  -- A suite every version must pass before a live call takes it (null: none); its foreign key is
  -- declared with the suites below.
  live_requires_suite_id text
);
comment on table public.agents is
  'An account''s named agents; their fields are in agent_versions (latest_version is the current one).';
create index agents_of_user on public.agents (user_id, created_at desc, id desc);

create table public.agent_versions (
  agent_id text not null references public.agents (id) on delete cascade,
  version integer not null check (version >= 1),
  -- The agent's fields as a create body has them (tools with their checked URLs).
  config jsonb not null check (jsonb_typeof(config) = 'object'),
  created_at timestamptz not null default now(),
  primary key (agent_id, version)
);
comment on table public.agent_versions is
  'Immutable versions of an agent''s fields: each change of an agent adds one.';

alter table public.tasks
  add column agent_id text,
  add column agent_version integer,
  add constraint tasks_agent_version_fkey foreign key (agent_id, agent_version)
    references public.agent_versions (agent_id, version) on delete set null,
  add constraint tasks_agent_named_with_version check ((agent_id is null) = (agent_version is null));
comment on column public.tasks.agent_id is 'The agent the task ran with (agent_version: which version), or null.';
create index tasks_of_agent on public.tasks (agent_id, agent_version) where agent_id is not null;

-- Row-level security: the owner reads; every write goes through the functions below.
alter table public.agents enable row level security;
alter table public.agent_versions enable row level security;
revoke all on public.agents from anon, authenticated;
revoke all on public.agent_versions from anon, authenticated;
grant select on public.agents to authenticated;
grant select on public.agent_versions to authenticated;
grant select, insert, update, delete on public.agents to service_role;
grant select, insert, delete on public.agent_versions to service_role;

create policy "Users can read their own agents"
  on public.agents for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "Users can read the versions of their own agents"
  on public.agent_versions for select to authenticated
  using (exists (select 1 from public.agents a
                  where a.id = agent_id and a.user_id = (select auth.uid())));

-- Functions --------------------------------------------------------------------------------------

-- A version is a record of what calls ran with: it never changes.
create function private.agent_versions_immutable() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'An agent''s version never changes: make a new one.' using errcode = '42501';
end;
$$;
comment on function private.agent_versions_immutable() is
  'Trigger: refuses any update of an agent version.';
revoke all on function private.agent_versions_immutable() from public, anon, authenticated;

create trigger agent_versions_never_change
  before update on public.agent_versions
  for each row execute function private.agent_versions_immutable();

-- A task runs only with its own account's agent, whoever writes it.
create function private.task_agent_is_its_accounts() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.agent_id is not null and not exists (
       select 1 from public.agents where id = new.agent_id and user_id = new.user_id) then
    raise exception 'agent % is not the account''s', new.agent_id using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.task_agent_is_its_accounts() is
  'Trigger: a task names only an agent of its own account.';
revoke all on function private.task_agent_is_its_accounts() from public, anon, authenticated;

create trigger tasks_agent_is_the_accounts
  before insert or update of agent_id on public.tasks
  for each row when (new.agent_id is not null)
  execute function private.task_agent_is_its_accounts();

-- One agent with its latest version (or `p_version`), as the API answers it.
create function private.agent_object(p_agent public.agents, p_version integer default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_agent.id, 'name', p_agent.name, 'version', v.version,
    'latest_version', p_agent.latest_version, 'config', v.config,
    'created_at', p_agent.created_at, 'updated_at', p_agent.updated_at,
    'version_created_at', v.created_at, 'archived_at', p_agent.archived_at,
    'live_requires_suite_id', p_agent.live_requires_suite_id)
    from public.agent_versions v
   where v.agent_id = p_agent.id and v.version = coalesce(p_version, p_agent.latest_version);
$$;
comment on function private.agent_object(public.agents, integer) is
  'An agent and one of its versions (the latest by default) as the call API answers it.';
revoke all on function private.agent_object(public.agents, integer) from public, anon, authenticated;
grant execute on function private.agent_object(public.agents, integer) to service_role;

create function public.agent_create(p_user_id uuid, p_id text, p_name text, p_config jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  created public.agents%rowtype;
begin
  select * into account from public.profiles where id = p_user_id for update;
  if not found or account.closed_at is not null then
    return jsonb_build_object('error', 'account_closed');
  end if;
  if (select count(*) from public.agents where user_id = p_user_id and archived_at is null)
       >= private.limit_of('agentsPerAccount') then
    return jsonb_build_object('error', 'too_many_agents', 'limit', private.limit_of('agentsPerAccount'));
  end if;
  insert into public.agents (id, user_id, name) values (p_id, p_user_id, p_name)
  returning * into created;
  insert into public.agent_versions (agent_id, version, config) values (created.id, 1, p_config);
  return jsonb_build_object('agent', private.agent_object(created));
end;
$$;
comment on function public.agent_create(uuid, text, text, jsonb) is
  'Creates an agent with its first version; {error: account_closed | too_many_agents}. Service role only.';
revoke all on function public.agent_create(uuid, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.agent_create(uuid, text, text, jsonb) to service_role;

-- A change: a new name, and fields that differ from the latest version's make a new version
-- (the same fields again make none). An archived agent changes no more.
create function public.agent_update(p_user_id uuid, p_id text, p_name text, p_config jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  agent public.agents%rowtype;
  latest jsonb;
begin
  select * into agent from public.agents where id = p_id and user_id = p_user_id for update;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  if agent.archived_at is not null then
    return jsonb_build_object('error', 'archived');
  end if;
  select config into latest from public.agent_versions
   where agent_id = p_id and version = agent.latest_version;
  if p_config is not null and p_config is distinct from latest then
    insert into public.agent_versions (agent_id, version, config)
    values (p_id, agent.latest_version + 1, p_config);
    agent.latest_version := agent.latest_version + 1;
  end if;
  update public.agents
     set name = coalesce(p_name, name), latest_version = agent.latest_version, updated_at = now()
   where id = p_id
  returning * into agent;
  return jsonb_build_object('agent', private.agent_object(agent));
end;
$$;
comment on function public.agent_update(uuid, text, text, jsonb) is
  'Renames an agent and, when p_config differs from its latest version, adds a version; {error: not_found | archived}. Service role only.';
revoke all on function public.agent_update(uuid, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.agent_update(uuid, text, text, jsonb) to service_role;

create function public.agent_archive(p_user_id uuid, p_id text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  agent public.agents%rowtype;
begin
  update public.agents set archived_at = coalesce(archived_at, now()), updated_at = now()
   where id = p_id and user_id = p_user_id
  returning * into agent;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  -- An archived agent places no new call, so it is nobody's default any more.
  update public.agent_settings set default_agent_id = null
   where user_id = p_user_id and default_agent_id = p_id;
  return jsonb_build_object('agent', private.agent_object(agent));
end;
$$;
comment on function public.agent_archive(uuid, text) is
  'Archives an agent (again is no error): it takes no new task. Service role only.';
revoke all on function public.agent_archive(uuid, text) from public, anon, authenticated;
grant execute on function public.agent_archive(uuid, text) to service_role;

-- The version a new task of the account runs with: the latest, or `p_version`. The account is
-- the session's user, or the API key's (checked here as the create will check it).
create function public.agent_for_task(
  p_user_id uuid, p_api_key text, p_id text, p_version integer
) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  owner uuid := p_user_id;
  account jsonb;
  agent public.agents%rowtype;
  found_version public.agent_versions%rowtype;
begin
  if owner is null then
    account := public.api_key_account(p_api_key);
    if account ? 'error' then
      return account;
    end if;
    owner := (account->>'user_id')::uuid;
  end if;
  select * into agent from public.agents where id = p_id and user_id = owner;
  if not found then
    return jsonb_build_object('error', 'agent_not_found');
  end if;
  if agent.archived_at is not null then
    return jsonb_build_object('error', 'agent_archived');
  end if;
  select * into found_version from public.agent_versions
   where agent_id = p_id and version = coalesce(p_version, agent.latest_version);
  if not found then
    return jsonb_build_object('error', 'agent_version_not_found', 'latest_version', agent.latest_version);
  end if;
  return jsonb_build_object('agent_id', agent.id, 'version', found_version.version,
    'config', found_version.config);
end;
$$;
comment on function public.agent_for_task(uuid, text, text, integer) is
  'The config of the agent version a new task names (the latest unless p_version), for the session''s user or the API key''s account; {error} otherwise. Service role only.';
revoke all on function public.agent_for_task(uuid, text, text, integer) from public, anon, authenticated;
grant execute on function public.agent_for_task(uuid, text, text, integer) to service_role;

-- Knowledge (docs/product-rules.md#knowledge): documents attached to an agent, split into
-- passages and searched in Postgres (full-text search in the agent's language) by the agent's
-- built-in search_knowledge tool during a call. The account's own: never shared, erased with it.

create table public.agent_documents (
  id text primary key check (id ~ '^doc_[0-9A-Z]{26}$'),
  agent_id text not null references public.agents (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  format text not null check (format in ('text', 'markdown', 'csv', 'pdf')),
  -- The text kept (after a PDF's text was taken out), in bytes of UTF-8.
  bytes integer not null check (bytes >= 0),
  passages integer not null check (passages >= 0),
  created_at timestamptz not null default now()
);
comment on table public.agent_documents is
  'Documents an agent answers from (knowledge); their passages are in agent_document_passages.';
create index agent_documents_of_agent on public.agent_documents (agent_id, created_at);
create index agent_documents_of_user on public.agent_documents (user_id);

create table public.agent_document_passages (
  document_id text not null references public.agent_documents (id) on delete cascade,
  position integer not null check (position >= 0),
  agent_id text not null references public.agents (id) on delete cascade,
  -- Where in the document: "lines 3–9", "row 12", "page 2", with its section when it has one.
  place text not null,
  content text not null,
  search_config regconfig not null,
  search_vector tsvector generated always as (to_tsvector(search_config, content)) stored,
  primary key (document_id, position)
);
comment on table public.agent_document_passages is
  'The passages of an agent''s documents, indexed for full-text search in the agent''s language.';
create index agent_document_passages_search on public.agent_document_passages using gin (search_vector);
create index agent_document_passages_of_agent on public.agent_document_passages (agent_id);

alter table public.agent_documents enable row level security;
alter table public.agent_document_passages enable row level security;
revoke all on public.agent_documents from anon, authenticated;
revoke all on public.agent_document_passages from anon, authenticated;
grant select on public.agent_documents to authenticated;
grant select on public.agent_document_passages to authenticated;
grant select, insert, delete on public.agent_documents to service_role;
grant select, insert, delete on public.agent_document_passages to service_role;

create policy "Users can read their own agents' documents"
  on public.agent_documents for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "Users can read the passages of their own agents' documents"
  on public.agent_document_passages for select to authenticated
  using (exists (select 1 from public.agent_documents d
                  where d.id = document_id and d.user_id = (select auth.uid())));

-- The text search configuration of a call language (its stemming and stop words); `simple`
-- where Postgres has none.
create function private.search_config_of(p_language text) returns regconfig
language sql
stable
set search_path = ''
as $$
  select coalesce((select c.oid::regconfig from pg_catalog.pg_ts_config c
                     where c.cfgname = case split_part(coalesce(p_language, 'en'), '-', 1)
    when 'en' then 'english' when 'auto' then 'english' when 'es' then 'spanish'
    when 'fr' then 'french' when 'de' then 'german' when 'it' then 'italian'
    when 'pt' then 'portuguese' when 'nl' then 'dutch' when 'ru' then 'russian'
    when 'tr' then 'turkish' when 'ar' then 'arabic' when 'hi' then 'hindi'
    when 'id' then 'indonesian' when 'sv' then 'swedish' when 'da' then 'danish'
    when 'no' then 'norwegian' when 'fi' then 'finnish' when 'hu' then 'hungarian'
    when 'ro' then 'romanian' when 'el' then 'greek' when 'ta' then 'tamil'
    else 'simple' end), 'pg_catalog.simple'::regconfig);
$$;
comment on function private.search_config_of(text) is
  'The full-text search configuration of a call language code (simple when Postgres has none).';
revoke all on function private.search_config_of(text) from public, anon, authenticated;
grant execute on function private.search_config_of(text) to service_role;

create function public.agent_document_add(
  p_user_id uuid, p_agent_id text, p_document jsonb, p_passages jsonb
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  agent public.agents%rowtype;
  account public.profiles%rowtype;
  config regconfig;
  held bigint;
  size integer := (p_document->>'bytes')::integer;
  created public.agent_documents%rowtype;
begin
  select * into account from public.profiles where id = p_user_id for update;
  if not found or account.closed_at is not null then
    return jsonb_build_object('error', 'account_closed');
  end if;
  select * into agent from public.agents where id = p_agent_id and user_id = p_user_id;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  if agent.archived_at is not null then
    return jsonb_build_object('error', 'archived');
  end if;
  if (select count(*) from public.agent_documents where agent_id = p_agent_id)
       >= private.limit_of('documentsPerAgent') then
    return jsonb_build_object('error', 'too_many_documents', 'limit', private.limit_of('documentsPerAgent'));
  end if;
  select coalesce(sum(bytes), 0) into held from public.agent_documents where user_id = p_user_id;
  if held + size > private.limit_of('knowledgeBytesPerAccount') then
    return jsonb_build_object('error', 'knowledge_full', 'limit', private.limit_of('knowledgeBytesPerAccount'),
      'held', held);
  end if;
  select private.search_config_of(v.config->>'language') into config
    from public.agent_versions v where v.agent_id = p_agent_id and v.version = agent.latest_version;
  insert into public.agent_documents (id, agent_id, user_id, name, format, bytes, passages)
  values (p_document->>'id', p_agent_id, p_user_id, p_document->>'name', p_document->>'format', size,
    jsonb_array_length(p_passages))
  returning * into created;
  insert into public.agent_document_passages (document_id, position, agent_id, place, content, search_config)
  select created.id, (passage.n - 1)::integer, p_agent_id, passage.value->>'place',
         passage.value->>'content', config
    from jsonb_array_elements(p_passages) with ordinality as passage(value, n);
  return jsonb_build_object('document', to_jsonb(created) - 'user_id');
end;
$$;
comment on function public.agent_document_add(uuid, text, jsonb, jsonb) is
  'Attaches a document (its passages already split) to one of the account''s agents, within the knowledge limits; {error: not_found | archived | too_many_documents | knowledge_full | account_closed}. Service role only.';
revoke all on function public.agent_document_add(uuid, text, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.agent_document_add(uuid, text, jsonb, jsonb) to service_role;

create function public.agent_document_remove(p_user_id uuid, p_agent_id text, p_document_id text)
returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  delete from public.agent_documents
   where id = p_document_id and agent_id = p_agent_id and user_id = p_user_id;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  return jsonb_build_object('deleted', true);
end;
$$;
comment on function public.agent_document_remove(uuid, text, text) is
  'Removes a document (and its passages) from one of the account''s agents; {error: not_found}. Service role only.';
revoke all on function public.agent_document_remove(uuid, text, text) from public, anon, authenticated;
grant execute on function public.agent_document_remove(uuid, text, text) to service_role;

-- The passages of an agent's documents that answer `p_query` best: any of its words (stemmed in
-- the agent's language), ranked by how close together they stand.
create function public.agent_knowledge_search(p_agent_id text, p_query text, p_limit integer)
returns table (document_id text, document text, place text, content text, rank real)
language sql
stable
set search_path = ''
as $$
  with asked as (
    select p.search_config,
           nullif(replace(plainto_tsquery(p.search_config, p_query)::text, ' & ', ' | '), '')::tsquery as query
      from (select search_config from public.agent_document_passages
             where agent_id = p_agent_id limit 1) p
  )
  select d.id, d.name, s.place, s.content, ts_rank_cd(s.search_vector, a.query) as rank
    from asked a
    join public.agent_document_passages s on s.agent_id = p_agent_id and s.search_vector @@ a.query
    join public.agent_documents d on d.id = s.document_id
   order by rank desc, d.created_at, s.position
   limit least(greatest(p_limit, 1), 10);
$$;
comment on function public.agent_knowledge_search(text, text, integer) is
  'The passages of an agent''s documents that best answer a question (full-text search in the agent''s language, any word). Service role only.';
revoke all on function public.agent_knowledge_search(text, text, integer) from public, anon, authenticated;
grant execute on function public.agent_knowledge_search(text, text, integer) to service_role;

-- Test suites (docs/product-rules.md#agent-test-suites): scripted callees and what must hold at the
-- end of their calls. A run plays each scenario as a test call of one version of the agent on the
-- simulated network (free, the same verdicts every time) and keeps each scenario's verdict.

alter table public.tasks
  add column test_scenario jsonb,
  add constraint tasks_test_scenario_only_in_test_mode check (test_scenario is null or not livemode);
comment on column public.tasks.test_scenario is
  'A test run''s scripted callee (test mode only): the simulated network plays it instead of the number''s.';

create table public.agent_test_suites (
  id text primary key check (id ~ '^suite_[0-9A-Z]{26}$'),
  agent_id text not null references public.agents (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  scenarios jsonb not null check (jsonb_typeof(scenarios) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.agent_test_suites is 'An agent''s test suites: scripted callees and their expectations.';
create index agent_test_suites_of_agent on public.agent_test_suites (agent_id, created_at);

create table public.agent_test_runs (
  id text primary key check (id ~ '^run_[0-9A-Z]{26}$'),
  agent_id text not null references public.agents (id) on delete cascade,
  agent_version integer not null,
  suite_id text references public.agent_test_suites (id) on delete set null,
  user_id uuid not null references auth.users (id) on delete cascade,
  status text not null check (status in ('running', 'passed', 'failed')),
  results jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  foreign key (agent_id, agent_version) references public.agent_versions (agent_id, version)
);
comment on table public.agent_test_runs is 'Each run of a suite against one version of an agent, and its verdicts.';
create index agent_test_runs_of_agent on public.agent_test_runs (agent_id, created_at desc);

-- A live call of an agent that names a gate suite needs a passed run of that suite on its version.
alter table public.agents
  add constraint agents_live_requires_suite_id_fkey foreign key (live_requires_suite_id)
    references public.agent_test_suites (id) on delete set null;
comment on column public.agents.live_requires_suite_id is
  'A suite every version must pass before a live call takes it (null: none).';

alter table public.agent_test_suites enable row level security;
alter table public.agent_test_runs enable row level security;
revoke all on public.agent_test_suites from anon, authenticated;
revoke all on public.agent_test_runs from anon, authenticated;
grant select on public.agent_test_suites to authenticated;
grant select on public.agent_test_runs to authenticated;
grant select, insert, update, delete on public.agent_test_suites to service_role;
grant select, insert, update on public.agent_test_runs to service_role;

create policy "Users can read their own test suites"
  on public.agent_test_suites for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "Users can read their own test runs"
  on public.agent_test_runs for select to authenticated
  using ((select auth.uid()) = user_id);

-- Whether a live call may take this version of the agent: its gate suite, if it names one, has
-- passed on it.
create function private.agent_version_cleared(p_agent_id text, p_version integer) returns boolean
language sql
stable
set search_path = ''
as $$
  select a.live_requires_suite_id is null or exists (
    select 1 from public.agent_test_runs r
     where r.agent_id = a.id and r.agent_version = p_version
       and r.suite_id = a.live_requires_suite_id and r.status = 'passed')
    from public.agents a where a.id = p_agent_id;
$$;
comment on function private.agent_version_cleared(text, integer) is
  'Whether a live call may take the agent version: no gate suite, or a passed run of it on the version.';
revoke all on function private.agent_version_cleared(text, integer) from public, anon, authenticated;
grant execute on function private.agent_version_cleared(text, integer) to service_role;

-- The account's default agent --------------------------------------------------------------------

-- Chosen on the Phone Agent page (the owner writes this column of their settings row): a task,
-- batch row or text message that names no agent runs with the latest version of this one.
alter table public.agent_settings
  add column default_agent_id text references public.agents (id) on delete set null;
comment on column public.agent_settings.default_agent_id is
  'The agent a task that names none runs with (its latest version); null: the settings alone.';
grant insert (default_agent_id), update (default_agent_id) on public.agent_settings to authenticated;

-- A foreign key is checked without row-level security: the owner's agent is checked here.
create function private.default_agent_is_the_accounts() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (
       select 1 from public.agents
        where id = new.default_agent_id and user_id = new.user_id and archived_at is null) then
    raise exception 'agent % is not one of the account''s agents', new.default_agent_id
      using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.default_agent_is_the_accounts() is
  'Trigger: the default agent is one of the account''s own agents, not archived.';
revoke all on function private.default_agent_is_the_accounts() from public, anon, authenticated;

create trigger agent_settings_default_agent_is_the_accounts
  before insert or update of default_agent_id on public.agent_settings
  for each row when (new.default_agent_id is not null)
  execute function private.default_agent_is_the_accounts();
comment on trigger agent_settings_default_agent_is_the_accounts on public.agent_settings is
  'Refuses another account''s (or an archived) agent as the default.';

-- The account's default agent, while it is not archived; null when it has none (or the key is
-- no account's). The account is the session's user, or the API key's.
create function public.default_agent_of(p_user_id uuid, p_api_key text default null) returns text
language sql
stable
set search_path = ''
as $$
  select s.default_agent_id
    from public.agent_settings s
    join public.agents a on a.id = s.default_agent_id and a.user_id = s.user_id
   where s.user_id = coalesce(p_user_id, (public.api_key_account(p_api_key)->>'user_id')::uuid)
     and a.archived_at is null;
$$;
comment on function public.default_agent_of(uuid, text) is
  'The default agent (not archived) of the user or the API key''s account, or null. Service role only.';
revoke all on function public.default_agent_of(uuid, text) from public, anon, authenticated;
grant execute on function public.default_agent_of(uuid, text) to service_role;
