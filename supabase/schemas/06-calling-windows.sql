-- Calling windows (docs/decisions/0009-calling-windows.md): a call rings only inside the callee's
-- local calling window, 08:00-21:00 by default, narrowed by the request's `call_window`, in every
-- time zone of the number's area code. A task created outside its window, or with a later
-- `schedule_at`, waits as `scheduled` (holding its money, not counting toward the account's active
-- calls) until the dispatcher places it at the window's opening; retries wait for the window too.

-- Tables -----------------------------------------------------------------------------------------

create table private.area_code_time_zones (
  area_code text primary key
    constraint area_code_time_zones_format check (area_code ~ '^[2-9][0-9]{2}$'),
  time_zones text[] not null
    constraint area_code_time_zones_not_empty check (cardinality(time_zones) > 0)
);
comment on table private.area_code_time_zones is
  'IANA time zones of each US area code, generated from libphonenumber''s data (scripts/calling-windows/area-code-time-zones.ts); toll-free codes get both coasts.';
insert into private.area_code_time_zones (area_code, time_zones) values
  ('201', '{America/New_York}'),
  ('202', '{America/New_York}'),
  ('203', '{America/New_York}'),
  ('205', '{America/Chicago}'),
  ('206', '{America/Los_Angeles}'),
  ('207', '{America/New_York}'),
  ('208', '{America/Boise,America/Los_Angeles}'),
  ('209', '{America/Los_Angeles}'),
  ('210', '{America/Chicago}'),
  ('212', '{America/New_York}'),
  ('213', '{America/Los_Angeles}'),
  ('214', '{America/Chicago}'),
  ('215', '{America/New_York}'),
  ('216', '{America/New_York}'),
  ('217', '{America/Chicago}'),
  ('218', '{America/Chicago}'),
  ('219', '{America/New_York}'),
  ('220', '{America/New_York}'),
  ('223', '{America/New_York}'),
  ('224', '{America/Chicago}'),
  ('225', '{America/Chicago}'),
  ('227', '{America/New_York}'),
  ('228', '{America/Chicago}'),
  ('229', '{America/New_York}'),
  ('231', '{America/New_York}'),
  ('234', '{America/New_York}'),
  ('235', '{America/Chicago}'),
  ('239', '{America/New_York}'),
  ('240', '{America/New_York}'),
  ('248', '{America/New_York}'),
  ('251', '{America/Chicago}'),
  ('252', '{America/New_York}'),
  ('253', '{America/Los_Angeles}'),
  ('254', '{America/Chicago}'),
  ('256', '{America/Chicago}'),
  ('260', '{America/New_York}'),
  ('262', '{America/Chicago}'),
  ('267', '{America/New_York}'),
  ('269', '{America/New_York}'),
  ('270', '{America/New_York}'),
  ('272', '{America/New_York}'),
  ('276', '{America/New_York}'),
  ('279', '{America/Los_Angeles}'),
  ('281', '{America/Chicago}'),
  ('283', '{America/New_York}'),
  ('301', '{America/New_York}'),
  ('302', '{America/New_York}'),
  ('303', '{America/Denver}'),
  ('304', '{America/New_York}'),
  ('305', '{America/New_York}'),
  ('307', '{America/Denver}'),
  ('308', '{America/Chicago}'),
  ('309', '{America/Chicago}'),
  ('310', '{America/Los_Angeles}'),
  ('312', '{America/Chicago}'),
  ('313', '{America/New_York}'),
  ('314', '{America/Chicago}'),
  ('315', '{America/New_York}'),
  ('316', '{America/Chicago}'),
  ('317', '{America/New_York}'),
  ('318', '{America/Chicago}'),
  ('319', '{America/Chicago}'),
  ('320', '{America/Chicago}'),
  ('321', '{America/New_York}'),
  ('323', '{America/Los_Angeles}'),
  ('324', '{America/New_York}'),
  ('325', '{America/Chicago}'),
  ('326', '{America/New_York}'),
  ('327', '{America/Chicago}'),
  ('329', '{America/New_York}'),
  ('330', '{America/New_York}'),
  ('331', '{America/Chicago}'),
  ('332', '{America/New_York}'),
  ('334', '{America/Chicago}'),
  ('336', '{America/New_York}'),
  ('337', '{America/Chicago}'),
  ('339', '{America/New_York}'),
  ('341', '{America/Los_Angeles}'),
  ('346', '{America/Chicago}'),
  ('347', '{America/New_York}'),
  ('350', '{America/Los_Angeles}'),
  ('351', '{America/New_York}'),
  ('352', '{America/New_York}'),
  ('360', '{America/Los_Angeles}'),
  ('361', '{America/Chicago}'),
  ('363', '{America/New_York}'),
  ('364', '{America/New_York}'),
  ('369', '{America/Los_Angeles}'),
  ('380', '{America/New_York}'),
  ('385', '{America/Denver}'),
  ('386', '{America/New_York}'),
  ('401', '{America/New_York}'),
  ('402', '{America/Chicago}'),
  ('404', '{America/New_York}'),
  ('405', '{America/Chicago}'),
  ('406', '{America/Denver}'),
  ('407', '{America/New_York}'),
  ('408', '{America/Los_Angeles}'),
  ('409', '{America/Chicago}'),
  ('410', '{America/New_York}'),
  ('412', '{America/New_York}'),
  ('413', '{America/New_York}'),
  ('414', '{America/Chicago}'),
  ('415', '{America/Los_Angeles}'),
  ('417', '{America/Chicago}'),
  ('419', '{America/New_York}'),
  ('423', '{America/Chicago}'),
  ('424', '{America/Los_Angeles}'),
  ('425', '{America/Los_Angeles}'),
  ('430', '{America/Chicago}'),
  ('432', '{America/Chicago}'),
  ('434', '{America/New_York}'),
  ('435', '{America/Denver}'),
  ('440', '{America/New_York}'),
  ('442', '{America/Los_Angeles}'),
  ('443', '{America/New_York}'),
  ('445', '{America/New_York}'),
  ('447', '{America/Chicago}'),
  ('448', '{America/New_York}'),
  ('458', '{America/Los_Angeles}'),
  ('463', '{America/New_York}'),
  ('464', '{America/Chicago}'),
  ('469', '{America/Chicago}'),
  ('470', '{America/New_York}'),
  ('475', '{America/New_York}'),
  ('478', '{America/New_York}'),
  ('479', '{America/Chicago}'),
  ('480', '{America/Phoenix}'),
  ('484', '{America/New_York}'),
  ('501', '{America/Chicago}'),
  ('502', '{America/New_York}'),
  ('503', '{America/Los_Angeles}'),
  ('504', '{America/Chicago}'),
  ('505', '{America/Denver}'),
  ('507', '{America/Chicago}'),
  ('508', '{America/New_York}'),
  ('509', '{America/Los_Angeles}'),
  ('510', '{America/Los_Angeles}'),
  ('512', '{America/Chicago}'),
  ('513', '{America/New_York}'),
  ('515', '{America/Chicago}'),
  ('516', '{America/New_York}'),
  ('517', '{America/New_York}'),
  ('518', '{America/New_York}'),
  ('520', '{America/Phoenix}'),
  ('530', '{America/Los_Angeles}'),
  ('531', '{America/Chicago}'),
  ('534', '{America/Chicago}'),
  ('539', '{America/Chicago}'),
  ('540', '{America/New_York}'),
  ('541', '{America/Los_Angeles}'),
  ('551', '{America/New_York}'),
  ('557', '{America/Chicago}'),
  ('559', '{America/Los_Angeles}'),
  ('561', '{America/New_York}'),
  ('562', '{America/Los_Angeles}'),
  ('563', '{America/Chicago}'),
  ('564', '{America/Los_Angeles}'),
  ('567', '{America/New_York}'),
  ('570', '{America/New_York}'),
  ('571', '{America/New_York}'),
  ('572', '{America/Chicago}'),
  ('573', '{America/Chicago}'),
  ('574', '{America/New_York}'),
  ('575', '{America/Denver}'),
  ('580', '{America/Chicago}'),
  ('582', '{America/New_York}'),
  ('585', '{America/New_York}'),
  ('586', '{America/New_York}'),
  ('601', '{America/Chicago}'),
  ('602', '{America/Phoenix}'),
  ('603', '{America/New_York}'),
  ('605', '{America/Denver,America/North_Dakota/Center}'),
  ('606', '{America/New_York}'),
  ('607', '{America/New_York}'),
  ('608', '{America/Chicago}'),
  ('609', '{America/New_York}'),
  ('610', '{America/New_York}'),
  ('612', '{America/Chicago}'),
  ('614', '{America/New_York}'),
  ('615', '{America/Chicago}'),
  ('616', '{America/New_York}'),
  ('617', '{America/New_York}'),
  ('618', '{America/Chicago}'),
  ('619', '{America/Los_Angeles}'),
  ('620', '{America/Chicago}'),
  ('623', '{America/Phoenix}'),
  ('626', '{America/Los_Angeles}'),
  ('628', '{America/Los_Angeles}'),
  ('629', '{America/Chicago}'),
  ('630', '{America/Chicago}'),
  ('631', '{America/New_York}'),
  ('636', '{America/Chicago}'),
  ('640', '{America/New_York}'),
  ('641', '{America/Chicago}'),
  ('645', '{America/New_York}'),
  ('646', '{America/New_York}'),
  ('650', '{America/Los_Angeles}'),
  ('651', '{America/Chicago}'),
  ('656', '{America/New_York}'),
  ('657', '{America/Los_Angeles}'),
  ('659', '{America/Chicago}'),
  ('660', '{America/Chicago}'),
  ('661', '{America/Los_Angeles}'),
  ('662', '{America/Chicago}'),
  ('667', '{America/New_York}'),
  ('669', '{America/Los_Angeles}'),
  ('678', '{America/New_York}'),
  ('680', '{America/New_York}'),
  ('681', '{America/New_York}'),
  ('682', '{America/Chicago}'),
  ('686', '{America/New_York}'),
  ('689', '{America/Chicago}'),
  ('701', '{America/Denver,America/North_Dakota/Center}'),
  ('702', '{America/Los_Angeles}'),
  ('703', '{America/New_York}'),
  ('704', '{America/New_York}'),
  ('706', '{America/New_York}'),
  ('707', '{America/Los_Angeles}'),
  ('708', '{America/Chicago}'),
  ('712', '{America/Chicago}'),
  ('713', '{America/Chicago}'),
  ('714', '{America/Los_Angeles}'),
  ('715', '{America/Chicago}'),
  ('716', '{America/New_York}'),
  ('717', '{America/New_York}'),
  ('718', '{America/New_York}'),
  ('719', '{America/Denver}'),
  ('720', '{America/Denver}'),
  ('724', '{America/New_York}'),
  ('725', '{America/Los_Angeles}'),
  ('726', '{America/Chicago}'),
  ('727', '{America/New_York}'),
  ('728', '{America/New_York}'),
  ('730', '{America/Chicago}'),
  ('731', '{America/Chicago}'),
  ('732', '{America/New_York}'),
  ('734', '{America/New_York}'),
  ('737', '{America/Chicago}'),
  ('740', '{America/New_York}'),
  ('743', '{America/New_York}'),
  ('747', '{America/Los_Angeles}'),
  ('748', '{America/Denver}'),
  ('754', '{America/New_York}'),
  ('757', '{America/New_York}'),
  ('760', '{America/Los_Angeles}'),
  ('762', '{America/New_York}'),
  ('763', '{America/Chicago}'),
  ('765', '{America/New_York}'),
  ('769', '{America/Chicago}'),
  ('770', '{America/New_York}'),
  ('771', '{America/New_York}'),
  ('772', '{America/New_York}'),
  ('773', '{America/Chicago}'),
  ('774', '{America/New_York}'),
  ('775', '{America/Boise,America/Los_Angeles}'),
  ('779', '{America/Chicago}'),
  ('781', '{America/New_York}'),
  ('785', '{America/Chicago}'),
  ('786', '{America/New_York}'),
  ('800', '{America/New_York,America/Los_Angeles}'),
  ('801', '{America/Denver}'),
  ('802', '{America/New_York}'),
  ('803', '{America/New_York}'),
  ('804', '{America/New_York}'),
  ('805', '{America/Los_Angeles}'),
  ('806', '{America/Chicago}'),
  ('808', '{Pacific/Honolulu}'),
  ('810', '{America/New_York}'),
  ('812', '{America/New_York}'),
  ('813', '{America/New_York}'),
  ('814', '{America/New_York}'),
  ('815', '{America/Chicago}'),
  ('816', '{America/Chicago}'),
  ('817', '{America/Chicago}'),
  ('818', '{America/Los_Angeles}'),
  ('820', '{America/Los_Angeles}'),
  ('821', '{America/New_York}'),
  ('826', '{America/New_York}'),
  ('828', '{America/New_York}'),
  ('830', '{America/Chicago}'),
  ('831', '{America/Los_Angeles}'),
  ('832', '{America/Chicago}'),
  ('833', '{America/New_York,America/Los_Angeles}'),
  ('835', '{America/New_York}'),
  ('838', '{America/New_York}'),
  ('839', '{America/New_York}'),
  ('840', '{America/Los_Angeles}'),
  ('843', '{America/New_York}'),
  ('844', '{America/New_York,America/Los_Angeles}'),
  ('845', '{America/New_York}'),
  ('847', '{America/Chicago}'),
  ('848', '{America/New_York}'),
  ('850', '{America/New_York}'),
  ('854', '{America/New_York}'),
  ('855', '{America/New_York,America/Los_Angeles}'),
  ('856', '{America/New_York}'),
  ('857', '{America/New_York}'),
  ('858', '{America/Los_Angeles}'),
  ('859', '{America/New_York}'),
  ('860', '{America/New_York}'),
  ('862', '{America/New_York}'),
  ('863', '{America/New_York}'),
  ('864', '{America/New_York}'),
  ('865', '{America/New_York}'),
  ('866', '{America/New_York,America/Los_Angeles}'),
  ('870', '{America/Chicago}'),
  ('872', '{America/Chicago}'),
  ('877', '{America/New_York,America/Los_Angeles}'),
  ('878', '{America/New_York}'),
  ('888', '{America/New_York,America/Los_Angeles}'),
  ('901', '{America/Chicago}'),
  ('903', '{America/Chicago}'),
  ('904', '{America/New_York}'),
  ('906', '{America/New_York}'),
  ('907', '{America/Adak,America/Anchorage}'),
  ('908', '{America/New_York}'),
  ('909', '{America/Los_Angeles}'),
  ('910', '{America/New_York}'),
  ('912', '{America/New_York}'),
  ('913', '{America/Chicago}'),
  ('914', '{America/New_York}'),
  ('915', '{America/Denver}'),
  ('916', '{America/Los_Angeles}'),
  ('917', '{America/New_York}'),
  ('918', '{America/Chicago}'),
  ('919', '{America/New_York}'),
  ('920', '{America/Chicago}'),
  ('925', '{America/Los_Angeles}'),
  ('928', '{America/Phoenix}'),
  ('929', '{America/New_York}'),
  ('930', '{America/New_York}'),
  ('931', '{America/Chicago}'),
  ('934', '{America/New_York}'),
  ('936', '{America/Chicago}'),
  ('937', '{America/New_York}'),
  ('938', '{America/Chicago}'),
  ('940', '{America/Chicago}'),
  ('941', '{America/New_York}'),
  ('943', '{America/New_York}'),
  ('945', '{America/Chicago}'),
  ('947', '{America/New_York}'),
  ('948', '{America/New_York}'),
  ('949', '{America/Los_Angeles}'),
  ('951', '{America/Los_Angeles}'),
  ('952', '{America/Chicago}'),
  ('954', '{America/New_York}'),
  ('956', '{America/Chicago}'),
  ('959', '{America/New_York}'),
  ('970', '{America/Denver}'),
  ('971', '{America/Los_Angeles}'),
  ('972', '{America/Chicago}'),
  ('973', '{America/New_York}'),
  ('975', '{America/Chicago}'),
  ('978', '{America/New_York}'),
  ('979', '{America/Chicago}'),
  ('980', '{America/New_York}'),
  ('984', '{America/New_York}'),
  ('985', '{America/Chicago}'),
  ('986', '{America/Boise,America/Los_Angeles}'),
  ('989', '{America/New_York}');
revoke all on private.area_code_time_zones from public, anon, authenticated;
grant select on private.area_code_time_zones to service_role;
alter table private.area_code_time_zones enable row level security;

create policy "The service role reads the time zones of area codes"
  on private.area_code_time_zones for select
  to service_role
  using (true);

create table private.calling_clock (
  id boolean primary key default true constraint calling_clock_single_row check (id),
  shift interval not null
);
comment on table private.calling_clock is
  'Local test stacks only (empty elsewhere): shifts the clock calling windows are judged by, so tests behave the same at any hour (STACK_CALLING_CLOCK in supabase/local/README.md).';
revoke all on private.calling_clock from public, anon, authenticated, service_role;
grant select on private.calling_clock to service_role;

-- Functions --------------------------------------------------------------------------------------

create function private.task_calling_clock_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.calling_clock_at := now() + coalesce((select c.shift from private.calling_clock c), interval '0');
  return new;
end;
$$;
comment on function private.task_calling_clock_at() is
  'Stamps a new task with the moment of its acceptance on the calling clock.';
revoke all on function private.task_calling_clock_at() from public, anon, authenticated;

create trigger tasks_calling_clock_at
  before insert on public.tasks
  for each row execute function private.task_calling_clock_at();
comment on trigger tasks_calling_clock_at on public.tasks is
  'Fills calling_clock_at (created_at on any stack whose calling clock is not shifted).';

create function private.window_opening(p_at timestamptz, p_zone text, p_start time, p_end time)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  shift interval := coalesce((select c.shift from private.calling_clock c), interval '0');
  local_time timestamp := (p_at + shift) at time zone p_zone;
  day date := local_time::date;
begin
  if local_time::time >= p_start and local_time::time < p_end then
    return p_at;
  end if;
  if local_time::time >= p_end then
    day := day + 1;
  end if;
  return ((day + p_start) at time zone p_zone) - shift;
end;
$$;
comment on function private.window_opening(timestamptz, text, time, time) is
  'The first instant at or after p_at when the local time in p_zone is inside [p_start, p_end).';
revoke all on function private.window_opening(timestamptz, text, time, time) from public, anon, authenticated;
grant execute on function private.window_opening(timestamptz, text, time, time) to service_role;

create function private.next_call_opening(p_at timestamptz, p_zones text[], p_start time, p_end time)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  candidate timestamptz := p_at;
  moved timestamptz;
  zone text;
begin
  -- Move forward until the window is open in every zone at once (a few rounds at most for US
  -- area codes, whose zones lie within a few hours of each other).
  for round in 1..8 loop
    moved := candidate;
    foreach zone in array p_zones loop
      moved := greatest(moved, private.window_opening(moved, zone, p_start, p_end));
    end loop;
    if moved = candidate then
      return candidate;
    end if;
    candidate := moved;
  end loop;
  return null; -- The window is never open in all the zones at once.
end;
$$;
comment on function private.next_call_opening(timestamptz, text[], time, time) is
  'The first instant at or after p_at when the calling window is open in every one of the zones; null if it never is.';
revoke all on function private.next_call_opening(timestamptz, text[], time, time) from public, anon, authenticated;
grant execute on function private.next_call_opening(timestamptz, text[], time, time) to service_role;

-- next_call_opening at a moment given outright (a test clock): the stack's calling_clock, which
-- window_opening adds, is taken off again.
create function private.next_call_opening_on_clock(p_at timestamptz, p_zones text[], p_start time, p_end time)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select private.next_call_opening(p_at - shift, p_zones, p_start, p_end) + shift
    from (select coalesce((select c.shift from private.calling_clock c), interval '0') as shift) as clock;
$$;
comment on function private.next_call_opening_on_clock(timestamptz, text[], time, time) is
  'next_call_opening judged at p_at as given, whatever the stack''s calling_clock says.';
revoke all on function private.next_call_opening_on_clock(timestamptz, text[], time, time) from public, anon, authenticated;
grant execute on function private.next_call_opening_on_clock(timestamptz, text[], time, time) to service_role;


create function private.time_zones_of(p_phone_number text) returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select time_zones from private.area_code_time_zones where area_code = substr(p_phone_number, 3, 3)),
    '{America/New_York,America/Los_Angeles}'::text[]);
$$;
comment on function private.time_zones_of(text) is
  'The time zones of a +1 number''s area code (both coasts where the area code is unknown).';
revoke all on function private.time_zones_of(text) from public, anon, authenticated;
grant execute on function private.time_zones_of(text) to service_role;

-- State calling rules (docs/decisions/0034-state-calling-rules.md): a state may allow fewer hours
-- than the federal 08:00-21:00, cap the calls to one number in a rolling 24 hours, exclude days
-- of the week, or require every party's consent to a recording. Each row cites its statute. The
-- callee's state follows from the number's area code, as its time zones do. The hours and caps of
-- the statutes below cover telephone solicitations (marketing); they are applied to every call.

-- Tables -----------------------------------------------------------------------------------------

create table private.area_code_states (
  area_code text primary key
    constraint area_code_states_format check (area_code ~ '^[2-9][0-9]{2}$'),
  state text not null
    constraint area_code_states_state_format check (state ~ '^[A-Z]{2}$')
);
comment on table private.area_code_states is
  'The US state (or DC) of each geographic area code, generated from libphonenumber''s geocoding data (scripts/calling-windows/area-code-states.ts); toll-free and non-geographic codes have none.';
insert into private.area_code_states (area_code, state) values
  ('201', 'NJ'),
  ('202', 'DC'),
  ('203', 'CT'),
  ('205', 'AL'),
  ('206', 'WA'),
  ('207', 'ME'),
  ('208', 'ID'),
  ('209', 'CA'),
  ('210', 'TX'),
  ('212', 'NY'),
  ('213', 'CA'),
  ('214', 'TX'),
  ('215', 'PA'),
  ('216', 'OH'),
  ('217', 'IL'),
  ('218', 'MN'),
  ('219', 'IN'),
  ('220', 'OH'),
  ('223', 'PA'),
  ('224', 'IL'),
  ('225', 'LA'),
  ('227', 'MD'),
  ('228', 'MS'),
  ('229', 'GA'),
  ('231', 'MI'),
  ('234', 'OH'),
  ('235', 'MO'),
  ('239', 'FL'),
  ('240', 'MD'),
  ('248', 'MI'),
  ('251', 'AL'),
  ('252', 'NC'),
  ('253', 'WA'),
  ('254', 'TX'),
  ('256', 'AL'),
  ('260', 'IN'),
  ('262', 'WI'),
  ('267', 'PA'),
  ('269', 'MI'),
  ('270', 'KY'),
  ('272', 'PA'),
  ('276', 'VA'),
  ('279', 'CA'),
  ('281', 'TX'),
  ('283', 'OH'),
  ('301', 'MD'),
  ('302', 'DE'),
  ('303', 'CO'),
  ('304', 'WV'),
  ('305', 'FL'),
  ('307', 'WY'),
  ('308', 'NE'),
  ('309', 'IL'),
  ('310', 'CA'),
  ('312', 'IL'),
  ('313', 'MI'),
  ('314', 'MO'),
  ('315', 'NY'),
  ('316', 'KS'),
  ('317', 'IN'),
  ('318', 'LA'),
  ('319', 'IA'),
  ('320', 'MN'),
  ('321', 'FL'),
  ('323', 'CA'),
  ('324', 'FL'),
  ('325', 'TX'),
  ('326', 'OH'),
  ('327', 'AR'),
  ('329', 'NY'),
  ('330', 'OH'),
  ('331', 'IL'),
  ('332', 'NY'),
  ('334', 'AL'),
  ('336', 'NC'),
  ('337', 'LA'),
  ('339', 'MA'),
  ('341', 'CA'),
  ('346', 'TX'),
  ('347', 'NY'),
  ('350', 'CA'),
  ('351', 'MA'),
  ('352', 'FL'),
  ('360', 'WA'),
  ('361', 'TX'),
  ('363', 'NY'),
  ('364', 'KY'),
  ('369', 'CA'),
  ('380', 'OH'),
  ('385', 'UT'),
  ('386', 'FL'),
  ('401', 'RI'),
  ('402', 'NE'),
  ('404', 'GA'),
  ('405', 'OK'),
  ('406', 'MT'),
  ('407', 'FL'),
  ('408', 'CA'),
  ('409', 'TX'),
  ('410', 'MD'),
  ('412', 'PA'),
  ('413', 'MA'),
  ('414', 'WI'),
  ('415', 'CA'),
  ('417', 'MO'),
  ('419', 'OH'),
  ('423', 'TN'),
  ('424', 'CA'),
  ('425', 'WA'),
  ('430', 'TX'),
  ('432', 'TX'),
  ('434', 'VA'),
  ('435', 'UT'),
  ('440', 'OH'),
  ('442', 'CA'),
  ('443', 'MD'),
  ('445', 'PA'),
  ('447', 'IL'),
  ('448', 'FL'),
  ('458', 'OR'),
  ('463', 'IN'),
  ('464', 'IL'),
  ('469', 'TX'),
  ('470', 'GA'),
  ('475', 'CT'),
  ('478', 'GA'),
  ('479', 'AR'),
  ('480', 'AZ'),
  ('484', 'PA'),
  ('501', 'AR'),
  ('502', 'KY'),
  ('503', 'OR'),
  ('504', 'LA'),
  ('505', 'NM'),
  ('507', 'MN'),
  ('508', 'MA'),
  ('509', 'WA'),
  ('510', 'CA'),
  ('512', 'TX'),
  ('513', 'OH'),
  ('515', 'IA'),
  ('516', 'NY'),
  ('517', 'MI'),
  ('518', 'NY'),
  ('520', 'AZ'),
  ('530', 'CA'),
  ('531', 'NE'),
  ('534', 'WI'),
  ('539', 'OK'),
  ('540', 'VA'),
  ('541', 'OR'),
  ('551', 'NJ'),
  ('557', 'MO'),
  ('559', 'CA'),
  ('561', 'FL'),
  ('562', 'CA'),
  ('563', 'IA'),
  ('564', 'WA'),
  ('567', 'OH'),
  ('570', 'PA'),
  ('571', 'VA'),
  ('572', 'OK'),
  ('573', 'MO'),
  ('574', 'IN'),
  ('575', 'NM'),
  ('580', 'OK'),
  ('582', 'PA'),
  ('585', 'NY'),
  ('586', 'MI'),
  ('601', 'MS'),
  ('602', 'AZ'),
  ('603', 'NH'),
  ('605', 'SD'),
  ('606', 'KY'),
  ('607', 'NY'),
  ('608', 'WI'),
  ('609', 'NJ'),
  ('610', 'PA'),
  ('612', 'MN'),
  ('614', 'OH'),
  ('615', 'TN'),
  ('616', 'MI'),
  ('617', 'MA'),
  ('618', 'IL'),
  ('619', 'CA'),
  ('620', 'KS'),
  ('623', 'AZ'),
  ('626', 'CA'),
  ('628', 'CA'),
  ('629', 'TN'),
  ('630', 'IL'),
  ('631', 'NY'),
  ('636', 'MO'),
  ('640', 'NJ'),
  ('641', 'IA'),
  ('645', 'FL'),
  ('646', 'NY'),
  ('650', 'CA'),
  ('651', 'MN'),
  ('656', 'FL'),
  ('657', 'CA'),
  ('659', 'AL'),
  ('660', 'MO'),
  ('661', 'CA'),
  ('662', 'MS'),
  ('667', 'MD'),
  ('669', 'CA'),
  ('678', 'GA'),
  ('680', 'NY'),
  ('681', 'WV'),
  ('682', 'TX'),
  ('686', 'VA'),
  ('689', 'FL'),
  ('701', 'ND'),
  ('702', 'NV'),
  ('703', 'VA'),
  ('704', 'NC'),
  ('706', 'GA'),
  ('707', 'CA'),
  ('708', 'IL'),
  ('712', 'IA'),
  ('713', 'TX'),
  ('714', 'CA'),
  ('715', 'WI'),
  ('716', 'NY'),
  ('717', 'PA'),
  ('718', 'NY'),
  ('719', 'CO'),
  ('720', 'CO'),
  ('724', 'PA'),
  ('725', 'NV'),
  ('726', 'TX'),
  ('727', 'FL'),
  ('728', 'FL'),
  ('730', 'IL'),
  ('731', 'TN'),
  ('732', 'NJ'),
  ('734', 'MI'),
  ('737', 'TX'),
  ('740', 'OH'),
  ('743', 'NC'),
  ('747', 'CA'),
  ('748', 'CO'),
  ('754', 'FL'),
  ('757', 'VA'),
  ('760', 'CA'),
  ('762', 'GA'),
  ('763', 'MN'),
  ('765', 'IN'),
  ('769', 'MS'),
  ('770', 'GA'),
  ('771', 'DC'),
  ('772', 'FL'),
  ('773', 'IL'),
  ('774', 'MA'),
  ('775', 'NV'),
  ('779', 'IL'),
  ('781', 'MA'),
  ('785', 'KS'),
  ('786', 'FL'),
  ('801', 'UT'),
  ('802', 'VT'),
  ('803', 'SC'),
  ('804', 'VA'),
  ('805', 'CA'),
  ('806', 'TX'),
  ('808', 'HI'),
  ('810', 'MI'),
  ('812', 'IN'),
  ('813', 'FL'),
  ('814', 'PA'),
  ('815', 'IL'),
  ('816', 'MO'),
  ('817', 'TX'),
  ('818', 'CA'),
  ('820', 'CA'),
  ('821', 'SC'),
  ('826', 'VA'),
  ('828', 'NC'),
  ('830', 'TX'),
  ('831', 'CA'),
  ('832', 'TX'),
  ('835', 'PA'),
  ('838', 'NY'),
  ('839', 'SC'),
  ('840', 'CA'),
  ('843', 'SC'),
  ('845', 'NY'),
  ('847', 'IL'),
  ('848', 'NJ'),
  ('850', 'FL'),
  ('854', 'SC'),
  ('856', 'NJ'),
  ('857', 'MA'),
  ('858', 'CA'),
  ('859', 'KY'),
  ('860', 'CT'),
  ('862', 'NJ'),
  ('863', 'FL'),
  ('864', 'SC'),
  ('865', 'TN'),
  ('870', 'AR'),
  ('872', 'IL'),
  ('878', 'PA'),
  ('901', 'TN'),
  ('903', 'TX'),
  ('904', 'FL'),
  ('906', 'MI'),
  ('907', 'AK'),
  ('908', 'NJ'),
  ('909', 'CA'),
  ('910', 'NC'),
  ('912', 'GA'),
  ('913', 'KS'),
  ('914', 'NY'),
  ('915', 'TX'),
  ('916', 'CA'),
  ('917', 'NY'),
  ('918', 'OK'),
  ('919', 'NC'),
  ('920', 'WI'),
  ('925', 'CA'),
  ('928', 'AZ'),
  ('929', 'NY'),
  ('930', 'IN'),
  ('931', 'TN'),
  ('934', 'NY'),
  ('936', 'TX'),
  ('937', 'OH'),
  ('938', 'AL'),
  ('940', 'TX'),
  ('941', 'FL'),
  ('943', 'GA'),
  ('945', 'TX'),
  ('947', 'MI'),
  ('948', 'VA'),
  ('949', 'CA'),
  ('951', 'CA'),
  ('952', 'MN'),
  ('954', 'FL'),
  ('956', 'TX'),
  ('959', 'CT'),
  ('970', 'CO'),
  ('971', 'OR'),
  ('972', 'TX'),
  ('973', 'NJ'),
  ('975', 'MO'),
  ('978', 'MA'),
  ('979', 'TX'),
  ('980', 'NC'),
  ('984', 'NC'),
  ('985', 'LA'),
  ('986', 'ID'),
  ('989', 'MI');
revoke all on private.area_code_states from public, anon, authenticated;
grant select on private.area_code_states to service_role;
alter table private.area_code_states enable row level security;

create policy "The service role reads the states of area codes"
  on private.area_code_states for select
  to service_role
  using (true);

create table private.state_calling_rules (
  state text primary key constraint state_calling_rules_state_format check (state ~ '^[A-Z]{2}$'),
  state_name text not null,
  -- Local hours a call may ring (null: the federal 08:00-21:00 alone).
  call_start time,
  call_end time,
  hours_source text,
  -- At most this many calls from one account to one number in any 24 hours (null: no cap).
  max_calls_per_24h integer constraint state_calling_rules_cap_positive check (max_calls_per_24h > 0),
  cap_source text,
  -- ISO days of the week (1 Monday .. 7 Sunday) on which no call rings.
  excluded_weekdays smallint[] not null default '{}'
    constraint state_calling_rules_weekdays check (excluded_weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]),
  excluded_weekdays_source text,
  -- Which calls the hours, cap and days cover in the statute: telephone solicitations (marketing
  -- calls) only, or every call (private.state_rule_for applies them so).
  covers text not null default 'telephone_solicitations'
    constraint state_calling_rules_covers check (covers in ('telephone_solicitations', 'all_calls')),
  -- Recording a call needs every party's consent (the state's wiretap statute).
  all_party_consent boolean not null default false,
  consent_source text,
  -- The statute that keeps calls off the state's legal holidays (private.state_holidays lists them).
  holidays_source text,
  -- The statute exempts calls made with the callee's prior express written consent (every marketing
  -- call carries it: the API refuses one without).
  written_consent_exempt boolean not null default false,
  -- Narrower hours on some days of the week, by ISO weekday ("1" Monday .. "7" Sunday):
  -- {"7": {"start": "12:00", "end": "21:00"}}; inside call_start-call_end, from hours_source.
  day_hours jsonb not null default '{}'
    constraint state_calling_rules_day_hours_object check (jsonb_typeof(day_hours) = 'object'),
  -- Hours of the state's automatic dialing-announcing device statute, which reaches every call a
  -- synthesized voice places (every call here, whatever its purpose): private.state_rule_for
  -- narrows the call's hours to them.
  device_start time,
  device_end time,
  device_source text,
  constraint state_calling_rules_hours_cited check (
    (call_start is null) = (call_end is null)
    and (call_start is null or (hours_source is not null and call_start < call_end))),
  constraint state_calling_rules_device_hours_cited check (
    (device_start is null) = (device_end is null)
    and (device_start is null or (device_source is not null and device_start < device_end))),
  constraint state_calling_rules_cap_cited check (max_calls_per_24h is null or cap_source is not null),
  constraint state_calling_rules_days_cited check (
    cardinality(excluded_weekdays) = 0 or excluded_weekdays_source is not null),
  constraint state_calling_rules_consent_cited check (not all_party_consent or consent_source is not null)
);
comment on table private.state_calling_rules is
  'Stricter state rules for calls, one row per state, each rule with the statute it comes from and the calls it covers; applied by task_accept, batch_accept and the dispatcher through private.state_rule_for.';
insert into private.state_calling_rules (
  state, state_name, call_start, call_end, hours_source, max_calls_per_24h, cap_source,
  all_party_consent, consent_source
) values
  ('CA', 'California', null, null, null, null, null, true, 'Cal. Penal Code § 632'),
  ('CT', 'Connecticut', '09:00', '20:00', 'Conn. Gen. Stat. § 42-288a (as amended by Public Act 23-98)',
    null, null, true, 'Conn. Gen. Stat. § 52-570d (civil liability)'),
  ('DE', 'Delaware', null, null, null, null, null, true, '11 Del. C. § 1335(a)(4)'),
  ('FL', 'Florida', '08:00', '20:00', 'Fla. Stat. § 501.616(6)(a)', 3, 'Fla. Stat. § 501.616(6)(b)',
    true, 'Fla. Stat. § 934.03(2)(d)'),
  ('IL', 'Illinois', null, null, null, null, null, true, '720 ILCS 5/14-2'),
  ('MA', 'Massachusetts', null, null, null, null, null, true, 'Mass. Gen. Laws ch. 272, § 99'),
  ('MD', 'Maryland', '08:00', '20:00', 'Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023)',
    3, 'Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023)',
    true, 'Md. Code, Cts. & Jud. Proc. § 10-402'),
  ('MT', 'Montana', null, null, null, null, null, true, 'Mont. Code Ann. § 45-8-213'),
  ('NH', 'New Hampshire', null, null, null, null, null, true, 'N.H. Rev. Stat. § 570-A:2'),
  ('NV', 'Nevada', null, null, null, null, null, true, 'Nev. Rev. Stat. § 200.620'),
  ('OK', 'Oklahoma', '08:00', '20:00', '15 Okla. Stat. § 775C.4 (Telephone Solicitation Act of 2022)',
    3, '15 Okla. Stat. § 775C.4 (Telephone Solicitation Act of 2022)', false, null),
  ('PA', 'Pennsylvania', null, null, null, null, null, true, '18 Pa. C.S. § 5703'),
  ('WA', 'Washington', '08:00', '20:00', 'RCW 19.158.040(2); RCW 80.36.390', null, null,
    true, 'RCW 9.73.030');
-- States that keep telephone solicitations off Sundays and legal holidays. Where the statute's
-- hours differ by day, day_hours holds the narrower ones (Rhode Island's Saturday).
insert into private.state_calling_rules (
  state, state_name, call_start, call_end, hours_source, excluded_weekdays, excluded_weekdays_source,
  holidays_source
) values
  ('LA', 'Louisiana', '08:00', '20:00', 'La. R.S. 45:811(2)', '{7}', 'La. R.S. 45:811(3)', 'La. R.S. 45:811(3)'),
  ('MS', 'Mississippi', '08:00', '20:00', 'Miss. Code Ann. § 77-3-723(1)', '{7}',
    'Miss. Code Ann. § 77-3-723(1)', null),
  ('RI', 'Rhode Island', '09:00', '18:00', 'R.I. Gen. Laws § 5-61-2 (hours of operation); § 5-61-3.6',
    '{7}', 'R.I. Gen. Laws § 5-61-2 (hours of operation); § 5-61-3.6',
    'R.I. Gen. Laws § 5-61-2 (hours of operation: "except a state or federal holiday")'),
  ('UT', 'Utah', null, null, null, '{7}', 'Utah Code § 13-25a-103(3)(b)', 'Utah Code § 13-25a-103(3)(c)');
update private.state_calling_rules set day_hours = '{"6": {"start": "10:00", "end": "17:00"}}'
 where state = 'RI';
-- Texas: telephone solicitations 09:00-21:00 on weekdays and Saturday, 12:00-21:00 on Sunday.
insert into private.state_calling_rules (state, state_name, call_start, call_end, hours_source, day_hours)
values ('TX', 'Texas', '09:00', '21:00', 'Tex. Bus. & Com. Code § 301.051',
  '{"7": {"start": "12:00", "end": "21:00"}}');
-- Utah's Sunday and holiday rule does not reach a call made with the callee's written consent.
update private.state_calling_rules set written_consent_exempt = true where state = 'UT';
-- Alabama: automated solicitation calls 08:00-20:00, none on Sundays or holidays.
insert into private.state_calling_rules (
  state, state_name, call_start, call_end, hours_source, excluded_weekdays, excluded_weekdays_source,
  holidays_source
) values ('AL', 'Alabama', '08:00', '20:00', 'Ala. Admin. Code r. 770-X-5-.17(1)(b)', '{7}',
  'Ala. Admin. Code r. 770-X-5-.17(1)(b)', 'Ala. Admin. Code r. 770-X-5-.17(1)(b)');
-- Pennsylvania: no telephone solicitation calls on legal holidays (Act 73 of 2019).
update private.state_calling_rules set holidays_source = '73 P.S. § 2245(a)(10)' where state = 'PA';
-- The automatic dialing-announcing device statutes: 09:00-21:00 for every call, whatever it is for.
update private.state_calling_rules
   set device_start = '09:00', device_end = '21:00', device_source = 'Cal. Pub. Util. Code § 2872(c)'
 where state = 'CA';
update private.state_calling_rules
   set device_start = '09:00', device_end = '21:00', device_source = '15 Okla. Stat. § 755.1(C)(2)(a)'
 where state = 'OK';
revoke all on private.state_calling_rules from public, anon, authenticated;
grant select on private.state_calling_rules to service_role;
alter table private.state_calling_rules enable row level security;

create policy "The service role reads the state calling rules"
  on private.state_calling_rules for select
  to service_role
  using (true);

create function private.state_rule_for(p_phone_number text, p_purpose text)
returns private.state_calling_rules
language plpgsql
stable
set search_path = ''
as $$
declare
  rule private.state_calling_rules%rowtype;
begin
  select * into rule from private.state_calling_rules where state = private.state_of(p_phone_number);
  if rule.state is not null
     and rule.covers = 'telephone_solicitations'
     and (coalesce(p_purpose, 'informational') <> 'marketing' or rule.written_consent_exempt) then
    -- The statute does not reach this call: its hours, cap and days are not the call's. Recording
    -- consent is another statute's and stays.
    rule.call_start := null;
    rule.call_end := null;
    rule.hours_source := null;
    rule.day_hours := '{}';
    rule.max_calls_per_24h := null;
    rule.cap_source := null;
    rule.excluded_weekdays := '{}';
    rule.excluded_weekdays_source := null;
    rule.holidays_source := null;
  end if;
  -- The device statute reaches every call: the call's hours are the narrower of both.
  if rule.device_start is not null then
    rule.hours_source := concat_ws('; ', case when rule.call_start is not null then rule.hours_source end,
      rule.device_source);
    rule.call_start := greatest(rule.call_start, rule.device_start);
    rule.call_end := least(rule.call_end, rule.device_end);
  end if;
  return rule;
end;
$$;
comment on function private.state_rule_for(text, text) is
  'The callee state''s rule as it reaches a call of p_purpose: a rule covering telephone solicitations only (or exempting written consent) keeps no hours, cap or days for an informational call; the device statute''s hours narrow every call''s; null fields when the state has none.';
revoke all on function private.state_rule_for(text, text) from public, anon, authenticated;
grant execute on function private.state_rule_for(text, text) to service_role;

-- The legal holidays of the states whose rule keeps calls off them (holidays_source), as rules
-- that compute each year's dates, so the calendar never runs out. A holiday is the day the rule
-- names and, when it moves, the day the statute observes it on: both are kept free of calls.
create table private.state_holidays (
  state text not null references private.state_calling_rules (state),
  name text not null,
  -- fixed: month and day_of_month; nth_weekday: the nth (-1 the last) ISO weekday of the month;
  -- easter: Easter Sunday plus days_after.
  kind text not null constraint state_holidays_kind check (kind in ('fixed', 'nth_weekday', 'easter')),
  month smallint constraint state_holidays_month check (month between 1 and 12),
  day_of_month smallint constraint state_holidays_day check (day_of_month between 1 and 31),
  weekday smallint constraint state_holidays_weekday check (weekday between 1 and 7),
  nth smallint constraint state_holidays_nth check (nth in (-1, 1, 2, 3, 4)),
  days_after smallint not null default 0,
  -- When the day falls on a weekend: none (stays), saturday_friday_sunday_monday, weekend_monday
  -- (the following Monday), or week_monday (the Monday of its week; Saturday or Sunday: the next).
  observed text not null default 'none'
    constraint state_holidays_observed check (observed in (
      'none', 'saturday_friday_sunday_monday', 'weekend_monday', 'sunday_monday', 'week_monday')),
  -- Only in even years (a general election's day).
  even_years_only boolean not null default false,
  source text not null,
  primary key (state, name),
  constraint state_holidays_shape check (
    (kind = 'fixed' and month is not null and day_of_month is not null and weekday is null and nth is null)
    or (kind = 'nth_weekday' and month is not null and weekday is not null and nth is not null and day_of_month is null)
    or (kind = 'easter' and month is null and day_of_month is null and weekday is null and nth is null))
);
comment on table private.state_holidays is
  'Legal holidays of the states whose calling rule excludes them, as rules computing each year''s dates, each with the statute that makes it a holiday.';
insert into private.state_holidays (state, name, kind, month, day_of_month, weekday, nth, days_after, observed, even_years_only, source) values
  -- Louisiana's days of public rest and legal holidays (La. R.S. 1:55(A)(1)); Inauguration Day,
  -- a holiday in the city of Baton Rouge alone, is not listed.
  ('LA', 'New Year''s Day', 'fixed', 1, 1, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Battle of New Orleans', 'fixed', 1, 8, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Dr. Martin Luther King, Jr.''s Birthday', 'nth_weekday', 1, null, 1, 3, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Washington''s Birthday and Presidents'' Day', 'nth_weekday', 2, null, 1, 3, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Mardi Gras', 'easter', null, null, null, null, -47, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Good Friday', 'easter', null, null, null, null, -2, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'National Memorial Day', 'nth_weekday', 5, null, 1, -1, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Independence Day', 'fixed', 7, 4, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Huey P. Long Day', 'fixed', 8, 30, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Labor Day', 'nth_weekday', 9, null, 1, 1, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Christopher Columbus Day', 'nth_weekday', 10, null, 1, 2, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'All Saints'' Day', 'fixed', 11, 1, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Veterans'' Day', 'fixed', 11, 11, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Thanksgiving Day', 'nth_weekday', 11, null, 4, 4, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  ('LA', 'Christmas Day', 'fixed', 12, 25, null, null, 0, 'none', false, 'La. R.S. 1:55(A)(1)'),
  -- Rhode Island: its own holidays (R.I. Gen. Laws § 25-1-1) and the federal ones (5 U.S.C. § 6103).
  ('RI', 'New Year''s Day', 'fixed', 1, 1, null, null, 0, 'weekend_monday', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'New Year''s Day (federal)', 'fixed', 1, 1, null, null, 0, 'saturday_friday_sunday_monday', false, '5 U.S.C. § 6103'),
  ('RI', 'Dr. Martin Luther King, Jr.''s Birthday', 'nth_weekday', 1, null, 1, 3, 0, 'none', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Washington''s Birthday', 'nth_weekday', 2, null, 1, 3, 0, 'none', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Rhode Island Independence Day', 'fixed', 5, 4, null, null, 0, 'sunday_monday', false, 'R.I. Gen. Laws § 25-1-1'),
  ('RI', 'Memorial Day', 'nth_weekday', 5, null, 1, -1, 0, 'none', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Juneteenth National Independence Day', 'fixed', 6, 19, null, null, 0, 'saturday_friday_sunday_monday', false, '5 U.S.C. § 6103'),
  ('RI', 'Independence Day', 'fixed', 7, 4, null, null, 0, 'weekend_monday', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Independence Day (federal)', 'fixed', 7, 4, null, null, 0, 'saturday_friday_sunday_monday', false, '5 U.S.C. § 6103'),
  ('RI', 'Victory Day', 'nth_weekday', 8, null, 1, 2, 0, 'none', false, 'R.I. Gen. Laws § 25-1-1'),
  ('RI', 'Labor Day', 'nth_weekday', 9, null, 1, 1, 0, 'none', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Columbus Day', 'nth_weekday', 10, null, 1, 2, 0, 'none', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Election Day', 'nth_weekday', 11, null, 1, 1, 1, 'none', true, 'R.I. Gen. Laws § 25-1-1'),
  ('RI', 'Veterans'' Day', 'fixed', 11, 11, null, null, 0, 'weekend_monday', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Veterans Day (federal)', 'fixed', 11, 11, null, null, 0, 'saturday_friday_sunday_monday', false, '5 U.S.C. § 6103'),
  ('RI', 'Thanksgiving Day', 'nth_weekday', 11, null, 4, 4, 0, 'none', false, '5 U.S.C. § 6103; R.I. Gen. Laws § 25-1-1 (days of thanksgiving)'),
  ('RI', 'Christmas Day', 'fixed', 12, 25, null, null, 0, 'weekend_monday', false, 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103'),
  ('RI', 'Christmas Day (federal)', 'fixed', 12, 25, null, null, 0, 'saturday_friday_sunday_monday', false, '5 U.S.C. § 6103'),
  -- Utah's legal holidays (Utah Code § 63G-1-301).
  ('UT', 'New Year''s Day', 'fixed', 1, 1, null, null, 0, 'saturday_friday_sunday_monday', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Dr. Martin Luther King, Jr. Day', 'nth_weekday', 1, null, 1, 3, 0, 'none', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Presidents'' Day', 'nth_weekday', 2, null, 1, 3, 0, 'none', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Good Friday', 'easter', null, null, null, null, -2, 'none', false, 'Utah Code § 63G-1-301 (as amended in 2026)'),
  ('UT', 'Memorial Day', 'nth_weekday', 5, null, 1, -1, 0, 'none', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Juneteenth National Freedom Day', 'fixed', 6, 19, null, null, 0, 'week_monday', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Independence Day', 'fixed', 7, 4, null, null, 0, 'saturday_friday_sunday_monday', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Pioneer Day', 'fixed', 7, 24, null, null, 0, 'saturday_friday_sunday_monday', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Labor Day', 'nth_weekday', 9, null, 1, 1, 0, 'none', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Columbus Day', 'nth_weekday', 10, null, 1, 2, 0, 'none', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Veterans Day', 'fixed', 11, 11, null, null, 0, 'saturday_friday_sunday_monday', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Thanksgiving Day', 'nth_weekday', 11, null, 4, 4, 0, 'none', false, 'Utah Code § 63G-1-301'),
  ('UT', 'Christmas', 'fixed', 12, 25, null, null, 0, 'saturday_friday_sunday_monday', false, 'Utah Code § 63G-1-301'),
  -- Alabama's legal holidays (Ala. Code § 1-3-8): a Saturday's is observed on the Friday, a
  -- Sunday's on the Monday. Mardi Gras, a holiday in Baldwin and Mobile counties alone, is not listed.
  ('AL', 'New Year''s Day', 'fixed', 1, 1, null, null, 0, 'saturday_friday_sunday_monday', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Robert E. Lee / Martin Luther King, Jr. Birthday', 'nth_weekday', 1, null, 1, 3, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'George Washington / Thomas Jefferson Birthday', 'nth_weekday', 2, null, 1, 3, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Confederate Memorial Day', 'nth_weekday', 4, null, 1, 4, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'National Memorial Day', 'nth_weekday', 5, null, 1, -1, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Jefferson Davis'' Birthday', 'nth_weekday', 6, null, 1, 1, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Independence Day', 'fixed', 7, 4, null, null, 0, 'saturday_friday_sunday_monday', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Labor Day', 'nth_weekday', 9, null, 1, 1, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Columbus Day, Fraternal Day and American Indian Heritage Day', 'nth_weekday', 10, null, 1, 2, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Veterans'' Day', 'fixed', 11, 11, null, null, 0, 'saturday_friday_sunday_monday', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Thanksgiving Day', 'nth_weekday', 11, null, 4, 4, 0, 'none', false, 'Ala. Code § 1-3-8'),
  ('AL', 'Christmas Day', 'fixed', 12, 25, null, null, 0, 'saturday_friday_sunday_monday', false, 'Ala. Code § 1-3-8'),
  -- Pennsylvania's legal holidays (44 P.S. § 11): a Sunday's is observed on the Monday. Election
  -- Day is every November's (a general or a municipal election).
  ('PA', 'New Year''s Day', 'fixed', 1, 1, null, null, 0, 'sunday_monday', false, '44 P.S. § 11'),
  ('PA', 'Martin Luther King, Jr. Day', 'nth_weekday', 1, null, 1, 3, 0, 'none', false, '44 P.S. § 11'),
  ('PA', 'Presidents'' Day', 'nth_weekday', 2, null, 1, 3, 0, 'none', false, '44 P.S. § 11'),
  ('PA', 'Good Friday', 'easter', null, null, null, null, -2, 'none', false, '44 P.S. § 11'),
  ('PA', 'Memorial Day', 'nth_weekday', 5, null, 1, -1, 0, 'none', false, '44 P.S. § 11'),
  ('PA', 'Flag Day', 'fixed', 6, 14, null, null, 0, 'sunday_monday', false, '44 P.S. § 11'),
  ('PA', 'Independence Day', 'fixed', 7, 4, null, null, 0, 'sunday_monday', false, '44 P.S. § 11'),
  ('PA', 'Labor Day', 'nth_weekday', 9, null, 1, 1, 0, 'none', false, '44 P.S. § 11'),
  ('PA', 'Columbus Day', 'nth_weekday', 10, null, 1, 2, 0, 'none', false, '44 P.S. § 11'),
  ('PA', 'Election Day', 'nth_weekday', 11, null, 1, 1, 1, 'none', false, '44 P.S. § 11'),
  ('PA', 'Veterans'' Day', 'fixed', 11, 11, null, null, 0, 'sunday_monday', false, '44 P.S. § 11'),
  ('PA', 'Thanksgiving Day', 'nth_weekday', 11, null, 4, 4, 0, 'none', false, '44 P.S. § 11'),
  ('PA', 'Christmas Day', 'fixed', 12, 25, null, null, 0, 'sunday_monday', false, '44 P.S. § 11');
revoke all on private.state_holidays from public, anon, authenticated;
grant select on private.state_holidays to service_role;
alter table private.state_holidays enable row level security;

create policy "The service role reads the state holidays"
  on private.state_holidays for select
  to service_role
  using (true);

-- Days a state's governor declares, which no calendar holds: Louisiana allows no telephone
-- solicitation (with the callee's consent or not) during a declared state of emergency, and its
-- governor may declare holidays. Operators record each declaration with its period as declared
-- (public.calling_hold_declare), and end it early when it is lifted; a call the hold reaches waits
-- for its end, on the real clock and at every dial.
create table private.state_declared_holds (
  id bigint generated always as identity primary key,
  state text not null references private.state_calling_rules (state),
  kind text not null constraint state_declared_holds_kind check (kind in ('emergency', 'holiday')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text not null constraint state_declared_holds_reason_length check (char_length(reason) between 1 and 200),
  -- The statute the hold applies and the declaration itself (an executive order, a notice).
  source text not null constraint state_declared_holds_source_length check (char_length(source) between 1 and 300),
  -- telephone_solicitations: marketing calls, consented or not; all_calls: every call.
  covers text not null default 'telephone_solicitations'
    constraint state_declared_holds_covers check (covers in ('telephone_solicitations', 'all_calls')),
  declared_at timestamptz not null default now(),
  constraint state_declared_holds_period check (starts_at < ends_at)
);
comment on table private.state_declared_holds is
  'Periods a state''s declaration keeps calls off (a state of emergency, a declared holiday), each with the statute and the declaration; read by private.call_day_opening.';
create index state_declared_holds_state_ends_at on private.state_declared_holds (state, ends_at);
revoke all on private.state_declared_holds from public, anon, authenticated;
grant select, insert, update, delete on private.state_declared_holds to service_role;
alter table private.state_declared_holds enable row level security;

create policy "The service role reads the declared holds"
  on private.state_declared_holds for select
  to service_role
  using (true);

create policy "The service role records declared holds"
  on private.state_declared_holds for insert
  to service_role
  with check (true);

create policy "The service role ends declared holds"
  on private.state_declared_holds for update
  to service_role
  using (true)
  with check (true);

create policy "The service role withdraws declared holds"
  on private.state_declared_holds for delete
  to service_role
  using (true);

-- Functions --------------------------------------------------------------------------------------

create function private.state_of(p_phone_number text) returns text
language sql
stable
set search_path = ''
as $$
  select state from private.area_code_states where area_code = substr(p_phone_number, 3, 3);
$$;
comment on function private.state_of(text) is
  'The US state of a +1 number''s area code, or null (toll-free, non-geographic).';
revoke all on function private.state_of(text) from public, anon, authenticated;
grant execute on function private.state_of(text) to service_role;

create function private.easter_sunday(p_year integer) returns date
language sql
immutable
set search_path = ''
as $$
  -- The anonymous Gregorian computus (Meeus/Jones/Butcher).
  select make_date(p_year, ((h + l - 7 * m + 114) / 31)::integer, ((h + l - 7 * m + 114) % 31 + 1)::integer)
    from (select a, b, c, d, e, h, i, k, l, (a + 11 * h + 22 * l) / 451 as m
            from (select a, b, c, d, e, h, i, k, (32 + 2 * e + 2 * i - h - k) % 7 as l
                    from (select a, b, c, d, e, (19 * a + b - d - g + 15) % 30 as h, c / 4 as i, c % 4 as k
                            from (select a, b, c, d, e, (b - f + 1) / 3 as g
                                    from (select a, b, c, b / 4 as d, b % 4 as e, (b + 8) / 25 as f
                                            from (select p_year % 19 as a, p_year / 100 as b, p_year % 100 as c) s1) s2) s3) s4) s5) s6;
$$;
comment on function private.easter_sunday(integer) is 'Easter Sunday of a year (Gregorian calendar).';
revoke all on function private.easter_sunday(integer) from public, anon, authenticated;
grant execute on function private.easter_sunday(integer) to service_role;

create function private.state_holiday_dates(p_state text, p_year integer)
returns table (day date, name text, source text)
language sql
stable
set search_path = ''
as $$
  with named as (
    select h.name, h.source, h.observed,
           case h.kind
             when 'fixed' then make_date(p_year, h.month, h.day_of_month)
             when 'easter' then private.easter_sunday(p_year)
             else case when h.nth > 0
               then first_day + ((h.weekday - extract(isodow from first_day)::integer + 7) % 7) + 7 * (h.nth - 1)
               else last_day - ((extract(isodow from last_day)::integer - h.weekday + 7) % 7) end
           end + h.days_after as named_day
      from private.state_holidays h
      cross join lateral (select make_date(p_year, coalesce(h.month, 1), 1) as first_day,
                                 (make_date(p_year, coalesce(h.month, 1), 1) + interval '1 month' - interval '1 day')::date as last_day) m
     where h.state = p_state and (not h.even_years_only or p_year % 2 = 0)
  )
  , moved as (
    select name, source, named_day, case
             when observed = 'saturday_friday_sunday_monday' and extract(isodow from named_day) = 6 then named_day - 1
             when observed in ('saturday_friday_sunday_monday', 'sunday_monday') and extract(isodow from named_day) = 7 then named_day + 1
             when observed in ('weekend_monday', 'week_monday') and extract(isodow from named_day) in (6, 7)
               then named_day + (8 - extract(isodow from named_day)::integer)
             when observed = 'week_monday' then named_day - (extract(isodow from named_day)::integer - 1)
             else named_day
           end as observed_day
      from named
  )
  select named_day, name, source from moved
  union
  select observed_day, name || ' (observed)', source from moved where observed_day <> named_day;
$$;
comment on function private.state_holiday_dates(text, integer) is
  'The days of p_year that are a legal holiday of p_state in private.state_holidays: the day each names and the day it is observed on when it moves.';
revoke all on function private.state_holiday_dates(text, integer) from public, anon, authenticated;
grant execute on function private.state_holiday_dates(text, integer) to service_role;

create function private.state_holiday_on(p_state text, p_day date) returns text
language sql
stable
set search_path = ''
as $$
  -- An observed day may fall in the year before the holiday (1 January on a Saturday).
  select min(h.name) from (
    select * from private.state_holiday_dates(p_state, extract(year from p_day)::integer)
    union all
    select * from private.state_holiday_dates(p_state, extract(year from p_day)::integer + 1)
  ) h where h.day = p_day;
$$;
comment on function private.state_holiday_on(text, date) is
  'The name of p_state''s legal holiday on p_day, or null.';
revoke all on function private.state_holiday_on(text, date) from public, anon, authenticated;
grant execute on function private.state_holiday_on(text, date) to service_role;

create function private.calling_day_excluded(p_rule private.state_calling_rules, p_day date) returns boolean
language sql
stable
set search_path = ''
as $$
  select extract(isodow from p_day)::smallint = any(p_rule.excluded_weekdays)
      or (p_rule.holidays_source is not null and private.state_holiday_on(p_rule.state, p_day) is not null);
$$;
comment on function private.calling_day_excluded(private.state_calling_rules, date) is
  'Whether the state''s rule keeps calls off p_day (a weekday it excludes, or one of its legal holidays).';
revoke all on function private.calling_day_excluded(private.state_calling_rules, date) from public, anon, authenticated;
grant execute on function private.calling_day_excluded(private.state_calling_rules, date) to service_role;

create function private.calls_to_number(p_user_id uuid, p_phone_number text, p_except_task text)
returns setof timestamptz
language sql
stable
set search_path = ''
as $$
  -- The calls dialled to the number in the last two days, and those planned: a task waiting for
  -- its first attempt or its retry rings at its time (a queued one now).
  select a.created_at
    from public.tasks t join public.task_attempts a on a.task_id = t.id
   where t.user_id = p_user_id and t.phone_number = p_phone_number
     and a.created_at > now() - interval '48 hours'
  union all
  select case t.status when 'scheduled' then t.scheduled_for
                       when 'retry_scheduled' then t.next_attempt_at
                       else now() end
    from public.tasks t
   where t.user_id = p_user_id and t.phone_number = p_phone_number
     and t.id is distinct from p_except_task
     and (t.status in ('scheduled', 'retry_scheduled') or (t.status = 'queued' and t.current_attempt = 0));
$$;
comment on function private.calls_to_number(uuid, text, text) is
  'When the account dialled the number (last 48 hours) and when its waiting tasks to it will ring, other than p_except_task.';
revoke all on function private.calls_to_number(uuid, text, text) from public, anon, authenticated;
grant execute on function private.calls_to_number(uuid, text, text) to service_role;

create function private.call_cap_opening(
  p_user_id uuid, p_phone_number text, p_task_id text, p_at timestamptz, p_limit integer
) returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  times timestamptz[];
  n integer;
begin
  if p_limit is null then
    return p_at;
  end if;
  select coalesce(array_agg(c order by c), '{}') into times
    from private.calls_to_number(p_user_id, p_phone_number, p_task_id) c
   where c > p_at - interval '24 hours' and c <= p_at;
  n := cardinality(times);
  if n < p_limit then
    return p_at;
  end if;
  -- Free once enough of the 24 hours' calls have left the window.
  return times[n - p_limit + 1] + interval '24 hours';
end;
$$;
comment on function private.call_cap_opening(uuid, text, text, timestamptz, integer) is
  'The first instant at or after p_at when fewer than p_limit calls of the account to the number fall in the 24 hours before it.';
revoke all on function private.call_cap_opening(uuid, text, text, timestamptz, integer) from public, anon, authenticated;
grant execute on function private.call_cap_opening(uuid, text, text, timestamptz, integer) to service_role;

create function private.call_day_opening(
  p_phone_number text, p_at timestamptz, p_zones text[], p_start time, p_end time, p_purpose text
) returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  rule private.state_calling_rules%rowtype;
  shift interval := coalesce((select c.shift from private.calling_clock c), interval '0');
  candidate timestamptz := p_at;
  moved timestamptz;
  zone text;
  local timestamp;
  hours jsonb;
begin
  rule := private.state_rule_for(p_phone_number, p_purpose);
  -- The window, the state's hours, its narrower hours on some days and the days it excludes,
  -- until all agree (each round moves forward to the next possible instant; a holiday next to a
  -- weekend takes a few).
  for round in 1..32 loop
    moved := private.next_call_opening(candidate, p_zones,
      greatest(p_start, coalesce(rule.call_start, p_start)), least(p_end, coalesce(rule.call_end, p_end)));
    if moved is null then
      return null;
    end if;
    -- A declared hold over the instant moves the call to its end.
    if rule.state is not null then
      moved := greatest(moved, coalesce((
        select max(h.ends_at) - shift from private.state_declared_holds h
         where h.state = rule.state
           and (h.covers = 'all_calls' or coalesce(p_purpose, 'informational') = 'marketing')
           and h.starts_at <= moved + shift and h.ends_at > moved + shift), moved));
    end if;
    foreach zone in array p_zones loop
      local := (moved + shift) at time zone zone;
      if rule.state is not null and private.calling_day_excluded(rule, local::date) then
        moved := greatest(moved, ((local::date + 1)::timestamp at time zone zone) - shift);
        continue;
      end if;
      hours := rule.day_hours -> extract(isodow from local)::text;
      if hours is not null then
        if local < local::date + (hours->>'start')::time then
          moved := greatest(moved, ((local::date + (hours->>'start')::time) at time zone zone) - shift);
        elsif local >= local::date + (hours->>'end')::time then
          moved := greatest(moved, ((local::date + 1)::timestamp at time zone zone) - shift);
        end if;
      end if;
    end loop;
    if moved = candidate then
      return candidate;
    end if;
    candidate := moved;
  end loop;
  return null;
end;
$$;
comment on function private.call_day_opening(text, timestamptz, text[], time, time, text) is
  'The first instant at or after p_at inside the window and the state''s hours in every zone, on a day the state allows (not a weekday or legal holiday it excludes, nor in a declared hold), as the state''s rule reaches a call of p_purpose; null if never.';
revoke all on function private.call_day_opening(text, timestamptz, text[], time, time, text) from public, anon, authenticated;
grant execute on function private.call_day_opening(text, timestamptz, text[], time, time, text) to service_role;

-- call_day_opening at a moment given outright (a test clock), like next_call_opening_on_clock.
create function private.call_day_opening_on_clock(
  p_phone_number text, p_at timestamptz, p_zones text[], p_start time, p_end time, p_purpose text
) returns timestamptz
language sql
stable
set search_path = ''
as $$
  select private.call_day_opening(p_phone_number, p_at - shift, p_zones, p_start, p_end, p_purpose) + shift
    from (select coalesce((select c.shift from private.calling_clock c), interval '0') as shift) as clock;
$$;
comment on function private.call_day_opening_on_clock(text, timestamptz, text[], time, time, text) is
  'call_day_opening judged at p_at as given, whatever the stack''s calling_clock says.';
revoke all on function private.call_day_opening_on_clock(text, timestamptz, text[], time, time, text) from public, anon, authenticated;
grant execute on function private.call_day_opening_on_clock(text, timestamptz, text[], time, time, text) to service_role;

create function private.call_opening(
  p_user_id uuid, p_phone_number text, p_task_id text, p_at timestamptz, p_zones text[],
  p_start time, p_end time, p_purpose text
) returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  cap integer := (private.state_rule_for(p_phone_number, p_purpose)).max_calls_per_24h;
  candidate timestamptz := p_at;
  moved timestamptz;
begin
  -- The window, the state's hours and days, then the cap, until all agree.
  for round in 1..16 loop
    moved := private.call_day_opening(p_phone_number, candidate, p_zones, p_start, p_end, p_purpose);
    if moved is null then
      return null;
    end if;
    moved := private.call_cap_opening(p_user_id, p_phone_number, p_task_id, moved, cap);
    if moved = candidate then
      return candidate;
    end if;
    candidate := moved;
  end loop;
  return null;
end;
$$;
comment on function private.call_opening(uuid, text, text, timestamptz, text[], time, time, text) is
  'The first instant at or after p_at when a call of p_purpose of the account to the number may ring: inside the window and the state''s hours in every zone, not on a weekday or legal holiday the state excludes, and under the state''s cap (as each reaches the purpose); null if never.';
revoke all on function private.call_opening(uuid, text, text, timestamptz, text[], time, time, text) from public, anon, authenticated;
grant execute on function private.call_opening(uuid, text, text, timestamptz, text[], time, time, text) to service_role;

-- A task's own clock: live tasks are judged on the real clock by call_opening (window, state
-- hours, excluded days, cap); a test task on the open test clock is always inside; one on a set
-- test clock has its window and its state's days judged at that clock's moment (the stack's
-- calling_clock does not apply to it).
create function private.task_call_opening(p_now timestamptz, p_task public.tasks)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when p_task.livemode then
      private.call_opening(p_task.user_id, p_task.phone_number, p_task.id, p_now, p_task.time_zones,
        p_task.call_window_start, p_task.call_window_end, p_task.purpose)
    when p_task.test_clock_shift is null then p_now
    else private.call_day_opening_on_clock(p_task.phone_number, p_now + p_task.test_clock_shift,
      p_task.time_zones, p_task.call_window_start, p_task.call_window_end, p_task.purpose)
      - p_task.test_clock_shift
  end;
$$;
comment on function private.task_call_opening(timestamptz, public.tasks) is
  'The first instant at or after p_now when the task may ring, judged on its own clock (real, or its test clock).';
revoke all on function private.task_call_opening(timestamptz, public.tasks) from public, anon, authenticated;
grant execute on function private.task_call_opening(timestamptz, public.tasks) to service_role;

-- Operators record a state's declaration (docs/deploy.md#declared-emergencies-and-holidays):
-- its period as declared, the statute that makes it hold calls and the declaration itself.
create function public.calling_hold_declare(
  p_state text, p_kind text, p_starts_at timestamptz, p_ends_at timestamptz, p_reason text,
  p_source text, p_covers text default 'telephone_solicitations'
) returns bigint
language sql
set search_path = ''
as $$
  insert into private.state_declared_holds (state, kind, starts_at, ends_at, reason, source, covers)
  values (upper(p_state), p_kind, p_starts_at, p_ends_at, p_reason, p_source, p_covers)
  returning id;
$$;
comment on function public.calling_hold_declare(text, text, timestamptz, timestamptz, text, text, text) is
  'Records a declared state of emergency or holiday that keeps calls to the state off for its period; returns its id. Service role only.';
revoke all on function public.calling_hold_declare(text, text, timestamptz, timestamptz, text, text, text) from public, anon, authenticated;
grant execute on function public.calling_hold_declare(text, text, timestamptz, timestamptz, text, text, text) to service_role;

create function public.calling_hold_lift(p_id bigint, p_at timestamptz default now()) returns boolean
language sql
set search_path = ''
as $$
  -- Lifted early: the hold ends at p_at; one that has not begun by then is withdrawn.
  with lifted as (
    update private.state_declared_holds set ends_at = p_at
     where id = p_id and starts_at < p_at and ends_at > p_at
    returning id),
  withdrawn as (
    delete from private.state_declared_holds where id = p_id and starts_at >= p_at
    returning id)
  select exists (select 1 from lifted) or exists (select 1 from withdrawn);
$$;
comment on function public.calling_hold_lift(bigint, timestamptz) is
  'Ends a declared hold at p_at, when the declaration is lifted before its stated end; false when it had already ended. Service role only.';
revoke all on function public.calling_hold_lift(bigint, timestamptz) from public, anon, authenticated;
grant execute on function public.calling_hold_lift(bigint, timestamptz) to service_role;

-- Test clocks that move (docs/product-rules.md#test-mode): advancing a waiting test task's clock
-- by some minutes brings everything it waits for (its calling window, schedule_at, a retry's wait)
-- that much sooner, as if the time had passed. A set clock keeps running from its new moment; an
-- open one stays open. Live tasks have no test clock.
create function private.advance_test_clock(p_task_id text, p_minutes integer) returns void
language sql
set search_path = ''
as $$
  update public.tasks
     set test_clock_shift = test_clock_shift + make_interval(mins => p_minutes),
         scheduled_for = greatest(scheduled_for - make_interval(mins => p_minutes), now()),
         next_attempt_at = greatest(next_attempt_at - make_interval(mins => p_minutes), now()),
         updated_at = now()
   where id = p_task_id;
$$;
comment on function private.advance_test_clock(text, integer) is
  'Moves a locked waiting test task''s clock p_minutes ahead: its set clock, its scheduled time and its next attempt.';
revoke all on function private.advance_test_clock(text, integer) from public, anon, authenticated;

create function public.task_test_clock_advance(p_user_id uuid, p_task_id text, p_minutes integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
begin
  -- Another account's task is "not found", never "forbidden".
  if not exists (select 1 from public.tasks where id = p_task_id and user_id = p_user_id) then
    return jsonb_build_object('error', 'not_found');
  end if;
  task := private.lock_task(p_task_id);
  if task.livemode then
    return jsonb_build_object('error', 'test_clock_in_live_mode');
  end if;
  if task.status not in ('scheduled', 'retry_scheduled') then
    return jsonb_build_object('error', 'task_not_waiting', 'status', task.status);
  end if;
  perform private.advance_test_clock(p_task_id, p_minutes);
  perform private.wake_dispatch('test_clock');
  return jsonb_build_object('advanced', 1);
end;
$$;
comment on function public.task_test_clock_advance(uuid, text, integer) is
  'Advances a waiting test task''s clock by p_minutes (one of the account''s tasks); asks for a dispatch run to place what became due.';
revoke all on function public.task_test_clock_advance(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.task_test_clock_advance(uuid, text, integer) to service_role;

create function public.batch_test_clock_advance(p_user_id uuid, p_batch_id text, p_minutes integer)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  batch_live boolean;
  waiting text;
  advanced integer := 0;
begin
  select livemode into batch_live from public.batches where id = p_batch_id and user_id = p_user_id;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  if batch_live then
    return jsonb_build_object('error', 'test_clock_in_live_mode');
  end if;
  -- The account first, then its tasks: the order of every writer.
  perform 1 from public.profiles where id = p_user_id for update;
  for waiting in
    select id from public.tasks
     where batch_id = p_batch_id and status in ('scheduled', 'retry_scheduled')
     order by batch_index
     for update
  loop
    perform private.advance_test_clock(waiting, p_minutes);
    advanced := advanced + 1;
  end loop;
  if advanced > 0 then
    perform private.wake_dispatch('test_clock');
  end if;
  return jsonb_build_object('advanced', advanced);
end;
$$;
comment on function public.batch_test_clock_advance(uuid, text, integer) is
  'Advances the clocks of a test batch''s waiting tasks by p_minutes; {advanced: how many}.';
revoke all on function public.batch_test_clock_advance(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.batch_test_clock_advance(uuid, text, integer) to service_role;
