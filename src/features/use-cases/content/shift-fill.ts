import {
  CalendarClock,
  Clock,
  ListOrdered,
  MessageSquareText,
  PhoneOutgoing,
  UserCheck,
  UsersRound,
  Zap,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const shiftFill: UseCaseContent = {
  slug: 'shift-fill',
  meta: {
    title: 'Shift fill: call your staff pool to cover open shifts | Dialwise',
    description:
      'Text Dialwise an open shift. It calls your available workers in order, offers the shift, confirms the first yes, and reports back with a transcript and recording in minutes.',
  },
  hero: {
    eyebrow: 'For staffing agencies, care homes and hospitals',
    title: 'Open shift at 5 a.m.? Filled before your coffee.',
    lede: 'Text Dialwise the role, the site and the time. It works down your call list, offers the shift to each worker, confirms the first person who says yes, and tells everyone else it is covered.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: 'Minutes', label: 'to fill a call-out, not an hour of dialling' },
      { value: '60-80%', label: 'less admin phone time for schedulers' },
      { value: '24/7', label: 'calling, including nights and weekends' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Call-outs turn schedulers into switchboards',
      intro:
        'When someone calls in sick, a coordinator phones the list one by one, leaves voicemails, and waits. The shift stays open while the clock runs.',
      points: [
        {
          icon: Clock,
          title: 'An hour per open shift',
          body: 'Dialling twenty people to find one who is free is the slowest part of the job.',
        },
        {
          icon: UsersRound,
          title: 'Unfair distribution',
          body: 'Under pressure, coordinators call the same reliable few, and the rest of the pool never hears about work.',
        },
        {
          icon: CalendarClock,
          title: 'Short-staffed starts',
          body: 'Every minute a shift stays open is a minute a unit, a site or a client runs short.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Text the open shift',
          body: 'Send the role, site, date and time by SMS, or post it from your scheduling system through the API.',
        },
        {
          title: 'Dialwise calls your pool',
          body: 'It calls qualified workers in the order you set (seniority, rotation or proximity) and describes the shift.',
        },
        {
          title: 'The first yes is confirmed',
          body: 'The worker accepts on the call, hears the details read back, and gets a confirmation text.',
        },
        {
          title: 'You get the result',
          body: 'Who accepted, who declined, who did not answer, each with a transcript and recording.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Why schedulers love it',
      items: [
        {
          icon: Zap,
          title: 'Fast fills',
          body: 'Calls go out in parallel or in sequence, so an urgent shift is covered in minutes.',
        },
        {
          icon: ListOrdered,
          title: 'Your rules, every time',
          body: 'Call order, qualifications and overtime limits are applied the same way at 3 a.m. as at noon.',
        },
        {
          icon: UserCheck,
          title: 'No double-booking',
          body: 'As soon as someone accepts, the remaining calls stop and the rest of the list is told the shift is taken.',
        },
        {
          icon: MessageSquareText,
          title: 'A clear record',
          body: 'Every offer and answer is transcribed and recorded, so disputes about who was offered what are over.',
        },
        {
          icon: PhoneOutgoing,
          title: 'Works with any phone',
          body: 'Workers answer a normal call. No app to install, no password to forget.',
        },
        {
          icon: Clock,
          title: 'Hours back every week',
          body: 'Coordinators spend 60-80% less time on the phone and more time on planning.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How does Dialwise know who to call?',
          answer:
            'You send the list, or your scheduling system does through the API. You decide the order and any rules, such as qualifications or a cap on weekly hours.',
        },
        {
          question: 'What if two people say yes at once?',
          answer:
            'The first confirmed acceptance wins. Anyone who accepts after the shift is filled is thanked and told it has been covered.',
        },
        {
          question: 'Can workers ask questions on the call?',
          answer:
            'Yes. The voice agent answers what you have provided, such as parking, unit, dress code or pay rate, and passes anything else to a coordinator.',
        },
        {
          question: 'What do we get back?',
          answer:
            'A status for every person called, plus the transcript and recording of each call, streamed to your dashboard or system in real time.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Fill the next call-out with one text',
      body: 'Set up your first list in minutes. The first 100 minutes are free.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Staffing hundreds of workers across many sites?',
    },
  ],
};
