import {
  BellRing,
  Clock,
  FileSpreadsheet,
  Hash,
  Lock,
  PhoneMissed,
  ShieldCheck,
  BadgeCheck,
  Repeat,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const loadtrackCheckins: UseCaseContent = {
  slug: 'loadtrack-checkins',
  meta: {
    title: 'LoadTrack: automated driver check calls for freight | Dialwise',
    description:
      'LoadTrack calls your drivers on schedule: press 1 for on time, 2 for delayed. Updates land in your spreadsheet, TMS or dashboard, saving dispatchers 4+ hours a day.',
  },
  hero: {
    eyebrow: 'LoadTrack for freight brokers and carriers',
    title: 'Driver check calls that make themselves',
    lede: 'LoadTrack phones every driver at the checkpoints you set, asks one question, and writes the answer straight into your spreadsheet, TMS or dashboard. Your dispatchers get back 4+ hours a day of check calls.',
    actions: [
      { kind: 'link', label: 'Book a Demo', href: paths.contact.href },
      { kind: 'link', label: 'See Pricing', href: paths.pricing.href, variant: 'secondary' },
    ],
    stats: [
      { value: '4+ hrs', label: 'of check calls saved per dispatcher, every day' },
      { value: '1 or 2', label: 'one keypress from the driver: on time or delayed' },
      { value: '90 days', label: 'default recording retention, configurable' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'check-call-problem',
      heading: 'The check-call problem',
      intro:
        'Every load means a pickup call, an in-transit call and a delivery call, and each one interrupts someone who is driving. Multiply by the board and your dispatch team spends the day dialling instead of booking freight.',
      points: [
        {
          icon: Clock,
          title: 'Hours lost to the phone',
          body: 'Five minutes per check call adds up to half a dispatcher\u2019s shift once you run a few dozen loads a day.',
        },
        {
          icon: PhoneMissed,
          title: 'Voicemail and phone tag',
          body: 'Drivers cannot pick up at the dock or on the interstate, so dispatchers redial, and shippers wait for an ETA nobody has.',
        },
        {
          icon: FileSpreadsheet,
          title: 'Updates that never get logged',
          body: 'A status heard on the phone lives in one person\u2019s head until it is typed into the TMS, if it ever is.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'solution',
      heading: 'The solution in three steps',
      intro: 'Hand LoadTrack the loads; it hands you back the statuses.',
      steps: [
        {
          title: 'Send the load',
          body: 'Text the driver\u2019s number and load ID to LoadTrack, or post it from your TMS through our API.',
        },
        {
          title: 'We call the driver',
          body: 'At each checkpoint the AI voice agent calls and asks for a status: press 1 for on time, 2 for delayed.',
        },
        {
          title: 'You see the update',
          body: 'The answer, a transcript and the recording arrive in your spreadsheet, TMS or the Dialwise dashboard within seconds.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Key benefits',
      items: [
        {
          icon: Clock,
          title: '4+ hours back every day',
          body: 'Dispatchers stop dialling and start covering loads, answering shippers and solving real exceptions.',
        },
        {
          icon: Hash,
          title: 'One keypress for the driver',
          body: 'A short call and a single digit: 1 for on time, 2 for delayed. No app to install, no login, safe to answer hands-free.',
        },
        {
          icon: BellRing,
          title: 'Delays surface immediately',
          body: 'A 2 flags the load at once, so you can warn the consignee and re-plan before the appointment is missed.',
        },
        {
          icon: FileSpreadsheet,
          title: 'Updates where you already work',
          body: 'Statuses post to a spreadsheet, your TMS or the dashboard. No copy and paste, no sticky notes.',
        },
        {
          icon: Repeat,
          title: 'Automatic retries',
          body: 'If a driver misses the call, LoadTrack tries again on the schedule you choose before flagging it to a person.',
        },
        {
          icon: ShieldCheck,
          title: 'A record of every call',
          body: 'Each check call keeps its transcript and recording for 90 days by default, ready for detention and claims disputes.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      intro: 'Under the hood it is one API request per load, and one short call per checkpoint.',
      layout: 'timeline',
      steps: [
        {
          title: 'Drivers opt in',
          body: 'Each driver gives consent before the first automated call. Consent is captured, stored and managed in the platform, and a driver can withdraw it at any time.',
        },
        {
          title: 'You set the checkpoints',
          body: 'Pick the moments that matter, such as after pickup, mid-route and an hour before delivery. Trigger them by text, from your TMS, or through the API.',
        },
        {
          title: 'LoadTrack places the call',
          body: 'The voice agent introduces itself, names the load and asks for a status. The driver presses 1 for on time or 2 for delayed.',
        },
        {
          title: 'The status is written back',
          body: 'The result lands in your spreadsheet, TMS or dashboard with a timestamp, the transcript and the recording. Delays raise an alert for dispatch.',
        },
      ],
    },
    {
      kind: 'roi',
      id: 'roi',
      heading: 'What LoadTrack saves you',
      intro:
        'Two check calls per load at five minutes each, priced at a dispatcher\u2019s loaded cost of $35 an hour. Your own numbers will differ; the shape will not.',
      hourlyRateUsd: 35,
      minutesPerCall: 5,
      callsPerLoad: 2,
      loadsPerMonth: [50, 100, 200],
    },
    {
      kind: 'case-study',
      id: 'case-study',
      heading: 'Case study',
      company: 'Prairie Line Logistics',
      context: 'Regional dry-van brokerage, 6 dispatchers, about 40 loads a day',
      story:
        'Prairie Line\u2019s dispatchers were making close to 100 check calls a day, most of them to voicemail. After moving pickup and pre-delivery calls to LoadTrack, statuses now post to their TMS on their own, and dispatch only picks up the phone when a driver presses 2.',
      quote: {
        text: 'We used to start every morning chasing yesterday\u2019s drivers. Now the board is already green when we log in, and the red ones are the only calls we make.',
        name: 'Dana Whitfield',
        role: 'Operations Manager, Prairie Line Logistics',
      },
      results: [
        { value: '4.5 hrs', label: 'of check calls saved per day across the team' },
        { value: '92%', label: 'of check calls answered without a human' },
        { value: '3 min', label: 'from a driver\u2019s delay to dispatch knowing' },
      ],
    },
    {
      kind: 'logos',
      id: 'carriers',
      heading: 'Built for carriers and brokers of every size',
      names: [
        'Northbound Haulers',
        'Redline Freightways',
        'BLUE MESA CARRIERS',
        'ironpine transport',
        'Coastal Drayage Co.',
        'Summit Reefer Lines',
      ],
      caption: 'Carrier names are illustrative.',
    },
    {
      kind: 'cta',
      id: 'get-demo',
      heading: 'See LoadTrack on your own lanes',
      body: 'Bring a week of loads. In a 15-minute demo we will show you the calls, the statuses and the savings for your board.',
      actions: [{ kind: 'link', label: 'Get Demo', href: paths.contact.href }],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'What does the driver actually have to do?',
          answer:
            'Answer the phone and press one key: 1 if the load is on time, 2 if it is delayed. Drivers can also say their answer. The call takes under a minute and there is nothing to install.',
        },
        {
          question: 'Where do the status updates go?',
          answer:
            'Wherever you track loads: a shared spreadsheet, your TMS through our API, or the Dialwise dashboard. Every update carries the load ID, a timestamp, the transcript and the recording.',
        },
        {
          question: 'Do drivers need to consent to automated calls?',
          answer:
            'Yes. Driver consent is required before LoadTrack calls anyone, and it is captured and managed in the platform. A driver who withdraws consent is never called again automatically.',
        },
        {
          question: 'How long are call recordings kept?',
          answer:
            'Recordings are kept for 90 days by default. Retention is configurable, so you can shorten it or match your own records policy.',
        },
        {
          question: 'What happens when a driver reports a delay?',
          answer:
            'The load is flagged straight away and dispatch is alerted, so a person can call the driver, update the consignee and re-plan the appointment.',
        },
      ],
    },
    {
      kind: 'badges',
      id: 'compliance',
      heading: 'Security and compliance',
      items: [
        { icon: BadgeCheck, label: 'FMCSA Compliant' },
        { icon: ShieldCheck, label: 'SOC 2 Type II' },
        { icon: Lock, label: 'End-to-end Encrypted' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Questions about your lanes, your TMS or driver consent?',
    },
  ],
};
