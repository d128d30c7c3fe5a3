import {
  CalendarClock,
  CircleDollarSign,
  Clock,
  HandCoins,
  Handshake,
  MessageSquareText,
  PhoneOff,
  TrendingDown,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const rentDueCalls: UseCaseContent = {
  slug: 'rent-due-calls',
  meta: {
    title: 'Rent due reminder calls for property managers | Dialwise',
    description:
      'Dialwise calls tenants before and after rent is due, answers payment questions, records promises to pay, and flags hardship cases to your team, with a transcript and recording of every call.',
  },
  hero: {
    eyebrow: 'For property managers and landlords',
    title: 'Rent reminders that get rent paid',
    lede: 'A polite call a few days before the first, and another if the payment does not arrive. Dialwise reminds each tenant, answers how-to-pay questions, and logs every promise to pay, so your team only handles the exceptions.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: '60-80%', label: 'less admin phone time on collections' },
      { value: '1 cent', label: 'per minute on the Developer plan' },
      { value: 'Every call', label: 'ends with a transcript and recording' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Chasing rent eats the first week of every month',
      intro:
        'Most late payments are forgetfulness, not refusal. But finding out which is which means calling every late tenant, one by one.',
      points: [
        {
          icon: Clock,
          title: 'Days of phone calls',
          body: 'Office staff spend the start of each month dialling late payers instead of serving residents.',
        },
        {
          icon: PhoneOff,
          title: 'Awkward conversations',
          body: 'Reminder calls are uncomfortable, so they get postponed until a small delay becomes a real arrears problem.',
        },
        {
          icon: TrendingDown,
          title: 'Cash flow surprises',
          body: 'Without a record of who promised to pay when, forecasting the month is guesswork.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Schedule the reminders',
          body: 'Text the tenant list and due date, or let your property software call our API on the days you choose.',
        },
        {
          title: 'Dialwise calls each tenant',
          body: 'A courteous reminder of the amount and due date, with answers about payment methods and portals.',
        },
        {
          title: 'Promises are captured',
          body: 'Tenants who need more time give a date. Anyone who mentions hardship is passed to a person.',
        },
        {
          title: 'You see the ledger',
          body: 'Per-tenant outcomes, promised dates, transcripts and recordings stream back to your dashboard.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Why managers use it',
      items: [
        {
          icon: CircleDollarSign,
          title: 'Fewer late payments',
          body: 'A reminder before the due date catches most forgetful payers before they are late.',
        },
        {
          icon: CalendarClock,
          title: 'Promise-to-pay tracking',
          body: 'Every promised date is logged, and a follow-up call is made if the money does not arrive.',
        },
        {
          icon: Handshake,
          title: 'Respectful and consistent',
          body: 'Every tenant gets the same calm, polite call, whatever the time of month.',
        },
        {
          icon: HandCoins,
          title: 'Hardship handled by people',
          body: 'Tenants in difficulty are flagged to your team with the transcript, never pressured by a machine.',
        },
        {
          icon: MessageSquareText,
          title: 'Complete records',
          body: 'Transcripts and recordings document each reminder for your files.',
        },
        {
          icon: Clock,
          title: 'Your week back',
          body: 'Collections calls drop by 60-80%, leaving your office the cases that need judgement.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'When are the reminder calls made?',
          answer:
            'On the schedule you set, for example three days before the due date and the day after it. Calls respect the calling hours you configure.',
        },
        {
          question: 'Can tenants pay on the call?',
          answer:
            'The call explains how to pay and can send the payment link by text. Payments themselves stay in your existing portal.',
        },
        {
          question: 'What if a tenant disputes the amount or mentions hardship?',
          answer:
            'The call is flagged to your team with the transcript so a person can follow up. The assistant never argues or threatens.',
        },
        {
          question: 'How do results come back?',
          answer:
            'Each call returns a status, any promised payment date, a transcript and a recording, in real time, to your dashboard or through the API.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Make the first of the month quiet again',
      body: 'Set up reminders for your next rent cycle in minutes. The first 100 minutes are free.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Need reminders across a large portfolio?',
    },
  ],
};
