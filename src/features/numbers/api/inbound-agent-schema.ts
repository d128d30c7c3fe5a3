import { z } from 'zod';
import type { InboundAgent } from './set-inbound-agent';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time like 09:00.');

/** The Numbers page's inbound agent form, turned into the API's InboundAgent. */
export const inboundAgentFormSchema = z
  .object({
    goal: z.string().trim().max(4000, 'At most 4000 characters.'),
    /** Empty: the account's phone-agent settings. */
    voice: z.string(),
    language: z.string(),
    transfer_to: z
      .string()
      .trim()
      .regex(/^(\+1[2-9][0-9]{2}[2-9][0-9]{6})?$/, 'A US number in E.164, like +14155550123.'),
    start: time,
    end: time,
    days: z.array(z.string()),
    time_zone: z.string().trim().min(1, 'A time zone, like America/Chicago.'),
  })
  .superRefine((value, ctx) => {
    if (value.transfer_to && value.start >= value.end)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'The hours must end after they start.',
      });
    if (value.transfer_to && value.days.length === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Choose at least one day.' });
  });

export type InboundAgentForm = z.infer<typeof inboundAgentFormSchema>;

/**
 * The agent to save: what the form shows, over what it does not (context and tools set through
 * the API or MCP are kept).
 */
export function inboundAgentOf(
  form: InboundAgentForm,
  saved: InboundAgent | null | undefined = null,
): InboundAgent | null {
  const {
    goal: _goal,
    voice: _voice,
    language: _language,
    transfer: _transfer,
    business_hours: _hours,
    ...kept
  } = saved ?? {};
  const agent: InboundAgent = {
    ...kept,
    ...(form.goal ? { goal: form.goal } : {}),
    ...(form.voice ? { voice: form.voice } : {}),
    ...(form.language ? { language: form.language } : {}),
    ...(form.transfer_to
      ? {
          // When and how a transfer set through the API is made stay as they were.
          transfer: { mode: 'warm' as const, ...saved?.transfer, to: form.transfer_to },
          business_hours: {
            start: form.start,
            end: form.end,
            days: form.days.map(Number).sort(),
            time_zone: form.time_zone,
          },
        }
      : {}),
  };
  return Object.keys(agent).length ? agent : null;
}

export function inboundAgentForm(agent: InboundAgent | null | undefined): InboundAgentForm {
  return {
    goal: agent?.goal ?? '',
    voice: agent?.voice ?? '',
    language: agent?.language ?? '',
    transfer_to: agent?.transfer?.to ?? '',
    start: agent?.business_hours?.start ?? '09:00',
    end: agent?.business_hours?.end ?? '17:00',
    days: (agent?.business_hours?.days ?? [1, 2, 3, 4, 5]).map(String),
    time_zone: agent?.business_hours?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
