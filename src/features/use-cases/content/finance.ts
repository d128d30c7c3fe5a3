import {
  CalendarClock,
  CircleDollarSign,
  Clock,
  FileText,
  HandCoins,
  Handshake,
  Landmark,
  MailX,
  TrendingDown,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const finance: UseCaseContent = {
  slug: 'finance',
  meta: {
    title: 'Payment reminder calls for lenders and billing teams | Dialwise',
    description:
      'Dialwise calls customers before and after a payment is due, explains how to pay, captures promises to pay and routes hardship to your team, with a transcript and recording of every call.',
  },
  hero: {
    eyebrow: 'For lenders, utilities, clinics and B2B billing teams',
    title: 'Payment reminders that sound human and stay on script',
    lede: 'A courteous call before the due date and a follow-up when a payment is missed. Dialwise reminds, answers how-to-pay questions, and logs promised dates, so your collectors focus on the accounts that need them.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: '60-80%', label: 'less admin phone time for billing teams' },
      { value: 'Every call', label: 'transcribed and recorded for your audit trail' },
      { value: '< 60 s', label: 'from API request to call start' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Reminders by letter and e-mail are easy to ignore',
      intro:
        'Most missed payments are simple oversights. A short, friendly call fixes them, but your team cannot call every account every month.',
      points: [
        {
          icon: MailX,
          title: 'Ignored notices',
          body: 'Statements and e-mails go unopened until the account is already overdue.',
        },
        {
          icon: Clock,
          title: 'Collectors stretched thin',
          body: 'Skilled staff spend their day on easy reminders instead of complex accounts.',
        },
        {
          icon: TrendingDown,
          title: 'Slipping cash flow',
          body: 'Every late payment that could have been prevented shows up in your days sales outstanding.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Your system sends the account',
          body: 'Your billing platform calls our API with the number, amount and due date, or your team texts it.',
        },
        {
          title: 'Dialwise makes the call',
          body: 'The voice agent confirms it is speaking to the right person, gives the reminder and explains how to pay.',
        },
        {
          title: 'Outcomes are captured',
          body: 'Paid, promised for a date, disputed or hardship: each outcome is tagged, and disputes and hardship go to a person.',
        },
        {
          title: 'Results flow back',
          body: 'Status, promised date, transcript and recording stream back to your system in real time.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Why finance teams use it',
      items: [
        {
          icon: CircleDollarSign,
          title: 'Payments arrive on time',
          body: 'Pre-due reminders stop most late payments before they happen.',
        },
        {
          icon: CalendarClock,
          title: 'Promise-to-pay tracking',
          body: 'Promised dates are logged, and a follow-up call goes out automatically if the money does not arrive.',
        },
        {
          icon: Handshake,
          title: 'Consistent and courteous',
          body: 'Every customer hears the same respectful script, within the calling hours you set.',
        },
        {
          icon: HandCoins,
          title: 'People for the hard cases',
          body: 'Hardship and disputes are routed to your team with full context.',
        },
        {
          icon: FileText,
          title: 'Audit-ready records',
          body: 'Transcripts and recordings document exactly what was said on every call.',
        },
        {
          icon: Landmark,
          title: 'Scales with your book',
          body: 'From a few hundred accounts to hundreds of thousands, with automatic retries.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'Can customers pay during the call?',
          answer:
            'The agent explains how to pay and can text a link to your existing payment page. Card details are never taken by voice.',
        },
        {
          question: 'How do you confirm who we are talking to?',
          answer:
            'You choose the verification step, such as name and date of birth or the last digits of an account number, before any account details are discussed.',
        },
        {
          question: 'What happens with disputes or hardship?',
          answer:
            'The agent does not negotiate. It records what the customer said and routes the account to your team with the transcript.',
        },
        {
          question: 'What does it cost?',
          answer:
            'The Developer plan is 1 cent per minute, with the first 100 minutes free. Enterprise pricing with custom integrations and SLAs is available.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Get paid on time without more phone hours',
      body: 'Start with a single reminder campaign and compare the results.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Need custom compliance rules or an SLA?',
    },
  ],
};
