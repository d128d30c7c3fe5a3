import {
  CalendarCheck,
  Clock,
  Filter,
  House,
  MessageSquareText,
  PhoneMissed,
  Timer,
  TrendingUp,
  UserRoundX,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const realEstate: UseCaseContent = {
  slug: 'real-estate',
  meta: {
    title: 'Real estate lead qualification calls | Dialwise',
    description:
      'Dialwise calls every new property lead within a minute, asks your qualifying questions, books viewings with serious buyers and renters, and returns a transcript and recording.',
  },
  hero: {
    eyebrow: 'For agents, brokerages and letting teams',
    title: 'Call every new lead in the first minute',
    lede: 'When an enquiry comes in from a portal or your website, Dialwise calls right away, asks about budget, timing and financing, and books a viewing with the leads worth your time.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: '< 60 s', label: 'from enquiry to the lead\u2019s phone ringing' },
      { value: '24/7', label: 'including evenings and weekends' },
      { value: '60-80%', label: 'less admin phone time for agents' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Leads go cold while agents are at viewings',
      intro:
        'Buyers and renters enquire with several agents at once. The one who calls back first usually wins, and that is rarely the one showing a flat across town.',
      points: [
        {
          icon: Timer,
          title: 'Slow response',
          body: 'An enquiry answered after two hours is often already booked with someone else.',
        },
        {
          icon: UserRoundX,
          title: 'Tyre-kickers',
          body: 'Agents spend hours calling leads who are not ready, not financed or not local.',
        },
        {
          icon: PhoneMissed,
          title: 'After-hours enquiries',
          body: 'Evening and weekend leads wait until Monday, when they have moved on.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'A lead arrives',
          body: 'Your CRM or portal sends an API request, or you forward the lead by text.',
        },
        {
          title: 'Dialwise qualifies',
          body: 'The voice agent calls, asks your questions about budget, timing, mortgage status and must-haves, and answers basic listing questions.',
        },
        {
          title: 'Viewings get booked',
          body: 'Qualified leads pick a viewing slot on the call; the rest are tagged for nurturing.',
        },
        {
          title: 'Your CRM is updated',
          body: 'Answers, a lead score, the transcript and recording flow back in real time.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'What agents get',
      items: [
        {
          icon: Clock,
          title: 'Speed to lead',
          body: 'Be the first agent to call, every time, at any hour.',
        },
        {
          icon: Filter,
          title: 'Only qualified leads',
          body: 'Spend your time with buyers and renters who are ready to move.',
        },
        {
          icon: CalendarCheck,
          title: 'Viewings on your calendar',
          body: 'Appointments are booked during the call, not after three rounds of texts.',
        },
        {
          icon: MessageSquareText,
          title: 'Full context',
          body: 'Read the transcript before the viewing and walk in knowing what matters to the client.',
        },
        {
          icon: House,
          title: 'Listing questions answered',
          body: 'Share listing details in the request and the agent answers questions about them.',
        },
        {
          icon: TrendingUp,
          title: 'More deals per agent',
          body: 'With 60-80% less admin phone time, agents spend their day selling.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'Which lead sources work?',
          answer:
            'Any source that can trigger a webhook or an API request: property portals, your website forms, or your CRM. You can also forward a lead by text.',
        },
        {
          question: 'Can I choose the qualifying questions?',
          answer:
            'Yes. The goal you send defines the questions, the order and what counts as qualified.',
        },
        {
          question: 'Does the caller say it is an AI?',
          answer:
            'Yes. The agent introduces itself as an assistant calling on your behalf, and hands over to a person whenever the lead asks.',
        },
        {
          question: 'What does it cost?',
          answer:
            'Pay-as-you-go at 1 cent per minute on the Developer plan, with the first 100 minutes free. Brokerages can ask about Enterprise pricing.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Win the race to every lead',
      body: 'Connect your lead source and let the first calls go out today.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Setting this up for a whole brokerage?',
    },
  ],
};
