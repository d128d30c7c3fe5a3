-- The dashboard's call view reads a task's result and whether it was recorded (its owner only,
-- by the tasks table's row policy). The audio itself is never readable this way: it is served
-- by the call API with the account's key (docs/decisions/0012-call-recordings.md).

-- Grants -----------------------------------------------------------------------------------------

grant select (
  output_schema, result, result_note, record, recording_retention_days, recording_expires_at
) on public.tasks to authenticated;
