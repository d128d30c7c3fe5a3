import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import {
  CalendarClock,
  ClipboardCheck,
  DoorOpen,
  FileText,
  Languages,
  MailX,
  PhoneOutgoing,
  Scale,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const tenantNotice: UseCaseContent = {
  slug: 'tenant-notice',
  meta: {
    title: 'Tenant entry notice calls for property managers | Dialwise',
    description:
      'Dialwise calls every tenant before maintenance, inspections or showings, confirms access, and keeps a transcript and recording of each notice. 60-80% less admin phone time.',
  },
  hero: {
    eyebrow: 'For property managers and landlords',
    title: 'Entry notices every tenant actually hears',
    lede: 'Before a repair, inspection or showing, Dialwise calls each affected tenant, explains who is coming and when, answers access questions, and records the conversation as proof of notice.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: '1 text', label: 'to notify a whole building' },
      { value: '60-80%', label: 'less admin phone time for your office' },
      { value: 'Every call', label: 'transcribed and recorded as proof of notice' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Paper notices get ignored, and doors stay locked',
      intro:
        'A notice taped to a door or lost in an inbox does not stop a contractor from arriving to a chained door or a surprised tenant.',
      points: [
        {
          icon: MailX,
          title: 'Notices go unread',
          body: 'Letters and e-mails are skimmed or missed, so tenants are caught off guard.',
        },
        {
          icon: DoorOpen,
          title: 'Wasted trips',
          body: 'Vendors bill for visits where nobody could get in, and repairs slip another week.',
        },
        {
          icon: Scale,
          title: 'Thin paper trail',
          body: 'When a tenant says they were never told, you need more than a photo of a sticky note.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Send the notice',
          body: 'Text the units, date, time window and reason, or trigger it from your property software through the API.',
        },
        {
          title: 'Dialwise calls each tenant',
          body: 'Every tenant hears who is entering, when and why, and can ask questions about access, pets or rescheduling.',
        },
        {
          title: 'Access is confirmed',
          body: 'Tenants confirm, say they will be home, or request a different slot, which is passed straight to your team.',
        },
        {
          title: 'Proof is filed',
          body: 'You receive a per-unit status with the transcript and recording of every notice call.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Built for busy portfolios',
      items: [
        {
          icon: PhoneOutgoing,
          title: 'A whole building in minutes',
          body: 'Call one unit or three hundred with the same text message.',
        },
        {
          icon: FileText,
          title: 'Records you can rely on',
          body: 'Time-stamped transcripts and recordings show exactly what each tenant was told.',
        },
        {
          icon: CalendarClock,
          title: 'Fewer reschedules',
          body: 'Conflicts come up on the call, days before the vendor drives over.',
        },
        {
          icon: Languages,
          title: 'In your tenants\u2019 languages',
          body: `Notices can be delivered in ${CALL_LANGUAGE_COUNT} languages.`,
        },
        {
          icon: ClipboardCheck,
          title: 'Clear status per unit',
          body: 'Confirmed, no answer, or needs a follow-up: see it at a glance.',
        },
        {
          icon: DoorOpen,
          title: 'Smoother vendor visits',
          body: 'Contractors arrive to tenants who expect them and units they can enter.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'Does a call replace the written notice my jurisdiction requires?',
          answer:
            'No. Keep sending the written notice the law requires. The call makes sure tenants actually know, and the recording adds to your records.',
        },
        {
          question: 'What if a tenant does not answer?',
          answer:
            'Dialwise retries automatically at the intervals you set, and units that were never reached are listed for your team.',
        },
        {
          question: 'Can tenants reschedule on the call?',
          answer:
            'They can ask for another time, and the request is passed to your office with the transcript, so a person can agree the new slot.',
        },
        {
          question: 'How do we send a notice?',
          answer:
            'Text the details to Dialwise or make one API request from your property management software. Each call ends with a status, transcript and recording.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Never send a contractor to a surprised tenant again',
      body: 'Notify your first building today. The first 100 minutes are free.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Managing thousands of doors?',
    },
  ],
};
