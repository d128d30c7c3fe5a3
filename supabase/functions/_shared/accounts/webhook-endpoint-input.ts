// What a new account webhook endpoint may be (docs/decisions/0039-account-webhook-endpoints.md):
// a URL (checked against the webhook target rules by the caller), a description, the event types
// it receives (absent or null: all of them) and its mode. Pure: checked before anything is stored.
import { TASK_EVENT_TYPES } from '../contract/task-vocabulary.ts';
import { LIMITS } from '../contract/limits.ts';
import { ServiceError } from '../errors.ts';

export const ENDPOINT_DESCRIPTION_MAX_LENGTH = 200;

export type EndpointInput = {
  url: string;
  description: string;
  /** null: every event type. */
  eventTypes: string[] | null;
  livemode: boolean;
};

const fail = (field: string, message: string) =>
  new ServiceError('invalid_request', message, { field });

export function parseEndpointInput(body: Record<string, unknown>): EndpointInput {
  const known = new Set(['url', 'description', 'event_types', 'livemode']);
  const unknown = Object.keys(body).find((key) => !known.has(key));
  if (unknown) throw fail(unknown, `${unknown} is not a field of a webhook endpoint.`);
  const { url, description = '', event_types: eventTypes = null, livemode } = body;
  if (typeof url !== 'string' || url.trim() === '')
    throw fail('url', 'url is required: the https address to POST events to.');
  if (url.trim().length > LIMITS.webhookUrlMaxLength)
    throw fail('url', `url must be at most ${LIMITS.webhookUrlMaxLength} characters.`);
  if (typeof description !== 'string') throw fail('description', 'description must be a string.');
  if (description.length > ENDPOINT_DESCRIPTION_MAX_LENGTH)
    throw fail(
      'description',
      `description must be at most ${ENDPOINT_DESCRIPTION_MAX_LENGTH} characters.`,
    );
  if (typeof livemode !== 'boolean')
    throw fail('livemode', 'livemode is required: true for live calls, false for test calls.');
  return {
    url: url.trim(),
    description: description.trim(),
    eventTypes: parseEventTypes(eventTypes),
    livemode,
  };
}

/** A list of known event types without repeats, or null for all of them. */
export function parseEventTypes(value: unknown): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length === 0)
    throw fail(
      'event_types',
      'event_types must be a non-empty list of event types, or null for all.',
    );
  const known = new Set<string>(TASK_EVENT_TYPES);
  for (const type of value)
    if (typeof type !== 'string' || !known.has(type))
      throw fail(
        'event_types',
        `${JSON.stringify(type)} is not an event type; use ${TASK_EVENT_TYPES.join(', ')}.`,
      );
  return [...new Set(value as string[])];
}
