import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import { AudioLines, Plug, ShieldCheck, Terminal, type LucideIcon } from 'lucide-react';

export type Feature = { title: string; description: string; points: string[]; icon: LucideIcon };

export const features: readonly Feature[] = [
  {
    title: 'Real-Time Conversations',
    description:
      'Replies land in under 300 ms, and the agent stops talking the moment the other person does, so calls sound like calls, not voicemail menus.',
    points: [
      'Natural interruptions',
      `${CALL_LANGUAGE_COUNT} languages`,
      'Live transcript as it is spoken',
    ],
    icon: AudioLines,
  },
  {
    title: 'One-Line Deployment',
    description:
      'A single POST with a phone number and a goal. No telephony setup, no prompt plumbing, no audio pipeline to run.',
    points: ['One task endpoint', 'Webhooks and event streams', 'Idempotent by design'],
    icon: Terminal,
  },
  {
    title: 'Carrier-Grade Reliability',
    description:
      'Calls start within 60 seconds, unanswered ones retry on a schedule, and every task ends in a definite status you can trust.',
    points: ['99.9% uptime target', 'Smart call routing', 'Automatic retries'],
    icon: ShieldCheck,
  },
  {
    title: 'Built on MCP',
    description:
      'The Model Context Protocol endpoint lets any LLM toolchain place and inspect calls as tools, next to the REST API.',
    points: [
      'place_call, get_call, list_calls',
      'Works with any MCP client',
      'Same keys, same billing',
    ],
    icon: Plug,
  },
];
