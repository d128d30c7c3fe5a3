import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import {
  Bus,
  Clock,
  FileText,
  Languages,
  Lock,
  PhoneMissed,
  ShieldAlert,
  ShieldCheck,
  UserRoundSearch,
  Zap,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const safecheckAttendance: UseCaseContent = {
  slug: 'safecheck-attendance',
  meta: {
    title: 'SafeCheck: school attendance calls to parents | Dialwise',
    description:
      'SafeCheck calls parents within minutes when a student is marked absent without notice, records the reason, and alerts staff when a child is unaccounted for. Recordings kept 30 days.',
  },
  hero: {
    eyebrow: 'SafeCheck for schools and districts',
    title: 'Every unexplained absence, checked by mid-morning',
    lede: 'When a student is marked absent without a note, SafeCheck calls a parent or guardian, asks for the reason, and writes it back to your attendance list. If nobody knows where the child is, your staff hear about it at once.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: 'Minutes', label: 'from registration to the first parent call' },
      { value: '60-80%', label: 'less office phone time on attendance' },
      { value: '30 days', label: 'recording retention, then deleted' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'The attendance office cannot call every family by 9:30',
      intro:
        'Unexplained absences need a call home, fast. But the office also handles late arrivals, sick bays and visitors, and the list of calls keeps growing.',
      points: [
        {
          icon: UserRoundSearch,
          title: 'Safeguarding gaps',
          body: 'The longer an absence goes unexplained, the longer a child may be somewhere nobody knows about.',
        },
        {
          icon: PhoneMissed,
          title: 'Calls that do not connect',
          body: 'Parents at work miss the call, and the office rarely has time to try again.',
        },
        {
          icon: Clock,
          title: 'Mornings lost to the phone',
          body: 'Attendance staff spend the first hours of the day dialling rather than supporting students.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Absences are sent',
          body: 'Your student information system calls our API after registration closes, or staff text the list.',
        },
        {
          title: 'SafeCheck calls home',
          body: 'Each parent or guardian is called, told their child was not marked present, and asked for the reason.',
        },
        {
          title: 'Reasons are recorded',
          body: 'Illness, appointments and family reasons are written back to your list, coded the way you choose.',
        },
        {
          title: 'Concerns escalate',
          body: 'If a parent believed the child was at school, or nobody answers after retries, staff are alerted straight away.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Safer mornings, calmer office',
      items: [
        {
          icon: ShieldAlert,
          title: 'Faster safeguarding',
          body: 'Children who are unaccounted for are identified in minutes, not after lunch.',
        },
        {
          icon: Zap,
          title: 'All calls at once',
          body: 'SafeCheck calls every family in parallel, so a big absence day is no slower than a quiet one.',
        },
        {
          icon: Languages,
          title: 'Families\u2019 own languages',
          body: `Calls can be made in ${CALL_LANGUAGE_COUNT} languages, so every parent understands the question.`,
        },
        {
          icon: FileText,
          title: 'Attendance records kept up to date',
          body: 'Absence reasons arrive as structured data, with the transcript and recording attached.',
        },
        {
          icon: Lock,
          title: 'Privacy by design',
          body: 'Call recordings are kept for 30 days and then deleted. Data is encrypted in transit and at rest.',
        },
        {
          icon: Bus,
          title: 'Useful beyond absences',
          body: 'Use the same setup for late-bus notices, early closures and trip reminders.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How quickly are parents called?',
          answer:
            'As soon as your list arrives. Most schools send it right after morning registration, and calls start within a minute.',
        },
        {
          question: 'What happens if a parent does not answer?',
          answer:
            'SafeCheck retries and can try a second contact. If nobody is reached, the student is flagged to staff for a personal follow-up.',
        },
        {
          question: 'How long do you keep recordings?',
          answer:
            'Recordings of attendance calls are kept for 30 days and then deleted. Transcripts and reasons can be exported to your own records.',
        },
        {
          question: 'Does it work with our student information system?',
          answer:
            'Yes, through our REST API. Schools without an integration can start by texting or uploading the absence list.',
        },
      ],
    },
    {
      kind: 'badges',
      id: 'trust',
      heading: 'Privacy and reliability',
      items: [
        { icon: Lock, label: 'Encrypted in transit and at rest' },
        { icon: ShieldCheck, label: '30-day recording retention' },
        { icon: Zap, label: '99.9% Uptime' },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Know where every student is by mid-morning',
      body: 'Run SafeCheck alongside your current process for a week and compare. The first 100 minutes are free.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Rolling out across a district or trust?',
    },
  ],
};
