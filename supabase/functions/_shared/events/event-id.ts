// The stable id of one event of a task (or a batch): the same in the event stream, in the
// webhook's body and in its `webhook-id` header, on every delivery and every replay, so a
// receiver de-duplicates on it (docs/product-rules.md#events-and-webhooks).
export const eventId = (subjectId: string, seq: number) => `evt_${subjectId}_${seq}`;
