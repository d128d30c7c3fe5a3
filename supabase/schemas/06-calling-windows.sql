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

-- A task's own clock: live tasks judge their window on the real clock; a test task on the open
-- test clock is always inside it; one on a set test clock is judged at that clock's moment
-- (the stack's calling_clock does not apply to it).
create function private.task_call_opening(p_now timestamptz, p_task public.tasks)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when p_task.livemode then
      private.next_call_opening(p_now, p_task.time_zones, p_task.call_window_start, p_task.call_window_end)
    when p_task.test_clock_shift is null then p_now
    else private.next_call_opening_on_clock(p_now + p_task.test_clock_shift, p_task.time_zones,
      p_task.call_window_start, p_task.call_window_end) - p_task.test_clock_shift
  end;
$$;
comment on function private.task_call_opening(timestamptz, public.tasks) is
  'The first instant at or after p_now when the task may ring, judged on its own clock (real, or its test clock).';
revoke all on function private.task_call_opening(timestamptz, public.tasks) from public, anon, authenticated;
grant execute on function private.task_call_opening(timestamptz, public.tasks) to service_role;

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
