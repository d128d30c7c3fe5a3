import { sql } from './clock';

/**
 * Stores `count` copies of a task directly (what a stream of creates would leave), each with its
 * own id and no hold; with `distinctNumbers`, each to its own number (+1415555 3001, 3002, …).
 * Generated columns (the search text) are left for Postgres to compute.
 */
export async function storeCopiesOfTask(
  taskId: string,
  count: number,
  { distinctNumbers = false }: { distinctNumbers?: boolean } = {},
): Promise<void> {
  const [row] = await sql<{ columns: string }>(
    `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
       from information_schema.columns
      where table_schema = 'public' and table_name = 'tasks' and is_generated = 'NEVER'`,
  );
  const columns = row!.columns;
  await sql(
    `insert into public.tasks (${columns})
     select ${columns} from (
       select (jsonb_populate_record(null::public.tasks, to_jsonb(t) || jsonb_build_object(
                 'id', 'task_' || upper(substr(md5(t.id || g::text), 1, 26)),
                 'hold_cents', 0, 'free_minutes_reserved', 0)
               || case when $3 then jsonb_build_object(
                    'phone_number', '+1415555' || lpad((3000 + g)::text, 4, '0'))
                  else '{}'::jsonb end)).*
         from public.tasks t, generate_series(1, $2::integer) g
        where t.id = $1) copies`,
    [taskId, count, distinctNumbers],
  );
}
