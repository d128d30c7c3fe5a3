import { z } from 'zod';

/** The agent fields the dashboard edits; the API takes more (tools, transfer, …). */
export const agentFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name the agent').max(80, 'At most 80 characters'),
  goal: z.string().trim().max(4000, 'At most 4,000 characters'),
  voice: z.string(),
  language: z.string(),
  first_sentence: z.string().trim().max(500, 'At most 500 characters'),
});
export type AgentFieldsValues = z.infer<typeof agentFieldsSchema>;

/** A body's fields: empty ones left out (a create) or removed (a change, as null). */
export function agentBody(values: AgentFieldsValues, removeEmpty: boolean) {
  const field = (value: string) => (value ? value : removeEmpty ? null : undefined);
  return {
    name: values.name,
    goal: field(values.goal),
    voice: field(values.voice),
    language: field(values.language),
    first_sentence: field(values.first_sentence),
  };
}
