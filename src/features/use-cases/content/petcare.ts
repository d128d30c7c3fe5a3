import {
  CalendarX,
  Clock,
  HeartPulse,
  Inbox,
  Lock,
  PhoneOff,
  Siren,
  Activity,
  Keyboard,
  Stethoscope,
  BadgeCheck,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const petcare: UseCaseContent = {
  slug: 'petcare',
  meta: {
    title: 'Pet care: automated vet reminders and post-surgery check-ins | Dialwise',
    description:
      'Dialwise calls pet owners for appointment reminders and post-surgery follow-ups, escalates urgent symptoms to your staff, and cuts reminder call time by 70%. 30-day free trial.',
  },
  hero: {
    eyebrow: 'For veterinary clinics and animal hospitals',
    title: 'Every pet owner called. Not one receptionist tied up.',
    lede: 'Dialwise phones owners before appointments and after surgery, listens to how the patient is doing, and hands your team a summary. Anything urgent goes straight to a person.',
    actions: [
      { kind: 'link', label: 'Start Free Trial', href: paths.signUp.href },
      { kind: 'sample', label: 'Hear Sample Call', variant: 'secondary' },
    ],
    note: '30-day free trial. No credit card required. Cancel anytime.',
    stats: [
      { value: '70%', label: 'less time spent on reminder calls' },
      { value: '$0.25', label: 'per call to start, with volume discounts' },
      { value: '99.9%', label: 'uptime, so reminders go out on schedule' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Your front desk should be caring for pets, not dialling',
      intro:
        'Reminder and recovery calls are important and endless. They land on the busiest people in the clinic at the busiest times of day.',
      points: [
        {
          icon: CalendarX,
          title: 'No-shows cost chair time',
          body: 'An empty exam slot is lost revenue and a vaccine or recheck that slips by weeks.',
        },
        {
          icon: PhoneOff,
          title: 'Follow-ups fall through',
          body: 'Post-surgery check-ins get pushed to the end of the day, then to tomorrow, while owners wonder if what they see is normal.',
        },
        {
          icon: Clock,
          title: 'Hours on the phone',
          body: 'A busy practice spends several staff hours a day confirming appointments that a two-minute call could settle.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      intro: 'Four steps, no new hardware, and you can start with a single CSV file.',
      steps: [
        {
          title: 'Sync your calendar',
          body: 'Upload a CSV of tomorrow\u2019s appointments or connect your practice management software.',
        },
        {
          title: 'We call each owner',
          body: 'A warm, natural voice calls every owner by name, mentions their pet and the visit, and asks the questions you choose.',
        },
        {
          title: 'The owner confirms or reports',
          body: 'Owners answer by keypad or simply speak: confirm, reschedule, or describe how their pet is recovering.',
        },
        {
          title: 'Summary in your inbox',
          body: 'You get a summary of every call with the transcript and recording. Urgent symptoms are escalated to staff right away.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Why clinics switch',
      items: [
        {
          icon: Clock,
          title: '70% less reminder call time',
          body: 'Your team keeps the conversations that need a person and hands off the rest.',
        },
        {
          icon: Keyboard,
          title: 'Keypad or speech',
          body: 'Owners press a key or just talk. Both work, so nobody is stuck in a menu.',
        },
        {
          icon: Siren,
          title: 'Urgent symptoms escalate',
          body: 'Words like bleeding, vomiting or not eating trigger an immediate hand-off to your staff, never a polite goodbye.',
        },
        {
          icon: HeartPulse,
          title: 'Post-surgery follow-ups',
          body: 'Day-one and day-three recovery check-ins happen on time, every time, with answers logged against the patient.',
        },
        {
          icon: Inbox,
          title: 'One tidy summary',
          body: 'Confirmations, reschedules and concerns arrive in one digest instead of a stack of sticky notes.',
        },
        {
          icon: Stethoscope,
          title: 'Records you can trust',
          body: 'Every call keeps its transcript and recording for 90 days, so the team can check exactly what an owner said.',
        },
      ],
    },
    {
      kind: 'sample-call',
      id: 'sample-call',
      heading: 'A sample post-surgery check-in',
      intro:
        'Here is how a typical recovery call reads in your inbox. The clinic, owner and pet are illustrative.',
      lines: [
        {
          speaker: 'Dialwise',
          text: 'Hi, this is the care assistant from Maple Grove Veterinary calling about Biscuit, who had his dental surgery yesterday. Is now a good time for two quick questions?',
        },
        { speaker: 'Owner', text: 'Yes, sure.' },
        {
          speaker: 'Dialwise',
          text: 'Great. Has Biscuit eaten since he came home? You can say yes or no, or press 1 for yes and 2 for no.',
        },
        { speaker: 'Owner', text: 'Yes, a little soft food this morning.' },
        {
          speaker: 'Dialwise',
          text: 'That is good to hear. Have you noticed any bleeding, swelling or vomiting?',
        },
        { speaker: 'Owner', text: 'A tiny bit of blood on his toy last night, nothing since.' },
        {
          speaker: 'Dialwise',
          text: 'Thank you. A little blood in the first day can be normal, but I will ask a nurse to call you this afternoon to make sure. Your recheck is confirmed for Friday at 10:30. Is there anything else?',
        },
        { speaker: 'Owner', text: 'No, that is all. Thanks!' },
      ],
      outcome:
        'Summary sent to the clinic: ate soft food, minor bleeding reported and flagged for a nurse call-back, recheck on Friday at 10:30 confirmed.',
    },
    {
      kind: 'pricing-note',
      id: 'pricing',
      heading: 'Simple pricing',
      price: 'From $0.25 per call',
      body: 'Pay for the calls you place, with volume discounts as your practice grows. Try everything free for 30 days.',
      points: [
        '30-day free trial, no credit card required',
        'Volume discounts for multi-location groups',
        'Cancel anytime',
      ],
    },
    {
      kind: 'case-study',
      id: 'case-study',
      heading: 'Case study',
      company: 'Maple Grove Veterinary',
      context: 'Three-vet companion animal practice, about 60 appointments a day',
      story:
        'Maple Grove\u2019s two receptionists spent most mornings confirming the next day\u2019s appointments. With Dialwise calling every owner the afternoon before and checking in after every surgery, the front desk now handles only the reschedules and the flagged recoveries.',
      quote: {
        text: 'The calls sound like us on a good day. And when an owner mentions something worrying, it is on my screen before they hang up.',
        name: 'Priya Castellano',
        role: 'Practice Manager, Maple Grove Veterinary',
      },
      results: [
        { value: '70%', label: 'less reminder call time' },
        { value: '38%', label: 'fewer no-shows in the first quarter' },
        { value: '100%', label: 'of surgery patients called within 24 hours' },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'Which practice software do you work with?',
          answer:
            'Start with a CSV export from any system. We also connect to common practice management software, and our API lets your developer sync appointments automatically.',
        },
        {
          question: 'What if an owner reports an urgent symptom?',
          answer:
            'The call escalates to your staff straight away, with the transcript of what the owner said. The assistant never gives medical advice and never tells an owner to wait it out.',
        },
        {
          question: 'Can owners answer without pressing keys?',
          answer:
            'Yes. Owners can answer by keypad or just speak naturally. The assistant understands both and confirms what it heard.',
        },
        {
          question: 'What does it cost after the free trial?',
          answer:
            'Calls start at $0.25 each with volume discounts. The 30-day trial needs no credit card, and you can cancel anytime.',
        },
      ],
    },
    {
      kind: 'badges',
      id: 'trust',
      heading: 'Built for veterinary teams',
      items: [
        { icon: BadgeCheck, label: 'AAHA Compliant' },
        { icon: Lock, label: 'Data Encrypted' },
        { icon: Activity, label: '99.9% Uptime' },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Give your front desk its mornings back',
      body: 'Upload tomorrow\u2019s appointments and hear the difference before your first coffee is cold.',
      actions: [
        { kind: 'link', label: 'Try 30 Days Free', href: paths.signUp.href },
        { kind: 'link', label: 'Schedule Demo', href: paths.contact.href, variant: 'secondary' },
      ],
      note: 'No credit card required. Cancel anytime.',
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Running several clinics or a specialty hospital?',
    },
  ],
};
