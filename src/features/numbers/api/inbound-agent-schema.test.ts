import { describe, expect, it } from 'vitest';
import { inboundAgentForm, inboundAgentOf } from './inbound-agent-schema';

const saved = {
  goal: 'Give the Saturday hours.',
  context: { branch: 'Downtown' },
  tools: [
    {
      name: 'opening_hours',
      description: 'The opening hours of a given day.',
      parameters: { type: 'object', properties: { day: { type: 'string' } } },
      url: 'https://tools.example.com/hours',
    },
  ],
};

describe('the inbound agent form', () => {
  it('saves what it shows over what it does not: context and tools set through the API stay', () => {
    const form = { ...inboundAgentForm(saved), goal: 'Take a message.', voice: 'George' };
    expect(inboundAgentOf(form, saved)).toEqual({
      context: saved.context,
      tools: saved.tools,
      goal: 'Take a message.',
      voice: 'George',
    });
  });

  it('clears what the form empties, and saves nothing for an empty form', () => {
    const form = {
      ...inboundAgentForm({ goal: 'Old goal', language: 'es' }),
      goal: '',
      language: '',
    };
    expect(inboundAgentOf(form, { goal: 'Old goal', language: 'es' })).toBeNull();
  });

  it('offers a transfer only with its business hours', () => {
    const form = {
      ...inboundAgentForm(null),
      transfer_to: '+14155550123',
      time_zone: 'America/Chicago',
    };
    expect(inboundAgentOf(form)).toEqual({
      transfer: { to: '+14155550123', mode: 'warm' },
      business_hours: {
        start: '09:00',
        end: '17:00',
        days: [1, 2, 3, 4, 5],
        time_zone: 'America/Chicago',
      },
    });
  });
});
