import {
  Activity,
  BadgeCheck,
  ClipboardCheck,
  Clock,
  KeyRound,
  PhoneForwarded,
  Repeat,
  ShieldCheck,
  Timer,
  UsersRound,
  FileText,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const rxClarification: UseCaseContent = {
  slug: 'rx-clarification',
  meta: {
    title: 'Prescription clarification calls for pharmacies | Dialwise',
    description:
      'Dialwise calls prescriber offices to clarify illegible, incomplete or conflicting prescriptions, retries when nobody answers, and returns the answer with a transcript. HIPAA compliant.',
  },
  hero: {
    eyebrow: 'For retail, specialty and hospital pharmacies',
    title: 'Prescription questions answered without leaving the counter',
    lede: 'When a script is missing a strength, a quantity or a signature, Dialwise calls the prescriber\u2019s office, asks the exact question, and sends the answer back with a transcript and recording. Your pharmacists stay with patients.',
    actions: [
      { kind: 'link', label: 'Book a 15-Minute Demo', href: paths.contact.href },
      { kind: 'link', label: 'Listen to Sample Call', href: paths.docs.href, variant: 'secondary' },
    ],
    stats: [
      { value: '60-80%', label: 'less admin phone time for pharmacy staff' },
      { value: '3 tries', label: 'about 30 minutes apart before a person follows up' },
      { value: '100', label: 'calls a month is where plans start' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Clarification calls stall the whole queue',
      intro:
        'Every unclear prescription means a call to a busy prescriber office, usually on hold, often twice. Meanwhile the patient waits and the fill queue grows.',
      points: [
        {
          icon: Clock,
          title: 'Pharmacists on hold',
          body: 'Your most skilled staff spend their time listening to hold music instead of counselling patients.',
        },
        {
          icon: PhoneForwarded,
          title: 'Call-backs that never come',
          body: 'Messages left with the front desk get lost, and the script sits unfilled until someone chases it again.',
        },
        {
          icon: UsersRound,
          title: 'Patients waiting',
          body: 'A missing dose or quantity turns a ten-minute pickup into tomorrow\u2019s problem.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      intro: 'Three steps from a flagged prescription to a documented answer.',
      steps: [
        {
          title: 'Flag the prescription',
          body: 'Text or send through the API the prescriber\u2019s number, the prescription and the question: strength, quantity, directions or a possible interaction.',
        },
        {
          title: 'We call the prescriber',
          body: 'The AI voice agent calls the office, asks the precise question, and reads back the answer to confirm it.',
        },
        {
          title: 'You get the answer',
          body: 'The clarified details arrive with a transcript and recording, ready to attach to the prescription record.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Built for the pharmacy workflow',
      items: [
        {
          icon: Timer,
          title: '60-80% less admin phone time',
          body: 'Clarifications run in the background while your team fills, checks and counsels.',
        },
        {
          icon: Repeat,
          title: 'Persistent follow-up',
          body: 'No answer? The call is retried about every 30 minutes, up to three times, before your team is asked to step in.',
        },
        {
          icon: ClipboardCheck,
          title: 'Documented answers',
          body: 'Every clarification has a transcript and recording, so your records show who confirmed what, and when.',
        },
        {
          icon: FileText,
          title: 'Read-back confirmation',
          body: 'The agent repeats every detail back to the prescriber\u2019s office before ending the call.',
        },
      ],
    },
    {
      kind: 'pricing-note',
      id: 'pricing',
      heading: 'Plans that fit your volume',
      price: 'From 100 calls a month',
      body: 'Start with a plan sized for a single store and scale to a chain. Every call includes the transcript and recording.',
      points: [
        'Plans from 100 calls a month',
        'Automatic retries included',
        'Signed BAA for every account',
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'What kinds of clarifications can it handle?',
          answer:
            'Missing or unclear strength, quantity, directions or refills, therapeutic substitutions, and questions about possible interactions. Clinical judgement stays with your pharmacist; the agent asks and records.',
        },
        {
          question: 'What happens if the prescriber\u2019s office does not answer?',
          answer:
            'The call is retried about every 30 minutes, up to 3 times. If there is still no answer, your team is notified to follow up manually.',
        },
        {
          question: 'Is patient information protected?',
          answer:
            'Yes. Dialwise is HIPAA compliant, signs a BAA, and encrypts data with 256-bit encryption at rest and in transit.',
        },
        {
          question: 'How do we receive the results?',
          answer:
            'By text or through the API, with the clarified details, a transcript and the recording attached to each request.',
        },
        {
          question: 'How is it priced?',
          answer:
            'Plans start from 100 calls a month and grow with your volume. Book a 15-minute demo and we will size a plan for your pharmacy.',
        },
      ],
    },
    {
      kind: 'badges',
      id: 'compliance',
      heading: 'Security and compliance',
      items: [
        { icon: ShieldCheck, label: 'HIPAA Compliant' },
        { icon: BadgeCheck, label: 'NABP Recognized' },
        { icon: KeyRound, label: '256-bit Encryption' },
        { icon: Activity, label: '99.9% Uptime' },
      ],
    },
    {
      kind: 'cta',
      id: 'book-demo',
      heading: 'See it clarify a real-world script',
      body: 'In 15 minutes we will walk through a clarification call end to end and size a plan for your pharmacy.',
      actions: [
        { kind: 'link', label: 'Book a 15-Minute Demo', href: paths.contact.href },
        {
          kind: 'link',
          label: 'Listen to Sample Call',
          href: paths.docs.href,
          variant: 'secondary',
        },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Running a chain or a hospital pharmacy?',
    },
  ],
};
