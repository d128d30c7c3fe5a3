import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import {
  CalendarCheck,
  ClipboardList,
  Clock,
  HeartPulse,
  Languages,
  PhoneMissed,
  Siren,
  UserRoundX,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const healthcare: UseCaseContent = {
  slug: 'healthcare',
  meta: {
    title: 'Patient follow-up calls and appointment scheduling | Dialwise',
    description:
      'Dialwise calls patients after visits and discharges, books and confirms appointments, flags anyone who needs a clinician, and returns a transcript and recording. 60-80% less admin phone time.',
  },
  hero: {
    eyebrow: 'For clinics, hospitals and care teams',
    title: 'Every patient followed up, without another phone shift',
    lede: 'Send a list or a single API call. Dialwise phones each patient after a visit, discharge or procedure, asks your questions, books the next appointment, and hands anyone who needs a clinician to your team.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: '60-80%', label: 'less admin phone time for front-office staff' },
      { value: '< 60 s', label: 'from request to the patient\u2019s phone ringing' },
      { value: String(CALL_LANGUAGE_COUNT), label: 'languages, so every patient hears their own' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Follow-ups are the first thing a busy clinic drops',
      intro:
        'Everyone agrees the call after a visit matters. Nobody has the hours to make it, so patients go quiet until they are back in the emergency room.',
      points: [
        {
          icon: PhoneMissed,
          title: 'Calls nobody gets to',
          body: 'Discharge and post-visit calls pile up behind incoming phones, prescriptions and paperwork.',
        },
        {
          icon: UserRoundX,
          title: 'Missed warning signs',
          body: 'A patient who is not improving often says nothing unless someone asks at the right time.',
        },
        {
          icon: CalendarCheck,
          title: 'Empty appointment slots',
          body: 'Follow-up visits that were never booked become no-shows, gaps in care and lost revenue.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Send the patient list',
          body: 'Text a name and number, upload a CSV, or call our API from your EHR workflow with the goal of the call.',
        },
        {
          title: 'Dialwise calls each patient',
          body: 'A natural voice checks on symptoms, medication and recovery, answers logistics questions and offers appointment times.',
        },
        {
          title: 'Concerns go to a person',
          body: 'If a patient reports worsening symptoms, the call is flagged for your clinical team right away.',
        },
        {
          title: 'Results land in your system',
          body: 'Status, answers, transcript and recording stream back in real time to your dashboard or your own system.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'What changes for your team',
      items: [
        {
          icon: Clock,
          title: '60-80% less admin phone time',
          body: 'Staff handle the flagged conversations; routine check-ins run on their own.',
        },
        {
          icon: Siren,
          title: 'Escalation built in',
          body: 'Red-flag answers route to a nurse with the transcript attached, so nobody has to ask twice.',
        },
        {
          icon: CalendarCheck,
          title: 'Follow-ups booked on the call',
          body: 'Patients pick a time while they are on the phone, and it goes straight to your schedule.',
        },
        {
          icon: Languages,
          title: 'Speaks your patients\u2019 languages',
          body: `Calls in ${CALL_LANGUAGE_COUNT} languages, with natural interruptions and under 300 ms response time.`,
        },
        {
          icon: ClipboardList,
          title: 'Everything documented',
          body: 'Every call ends with a structured summary, transcript and recording for the chart.',
        },
        {
          icon: HeartPulse,
          title: 'Better outcomes',
          body: 'Patients who are called after discharge take their medication and keep their follow-up visits more often.',
        },
      ],
    },
    {
      kind: 'case-study',
      id: 'case-study',
      heading: 'Case study',
      company: 'Lakeshore Family Health',
      context: 'Primary care group, four sites, 11 clinicians',
      story:
        'Lakeshore\u2019s nurses were meant to call every patient 48 hours after an urgent-care visit and rarely managed half. With Dialwise making the first call, every patient now hears from the practice, and nurses call back only the ones who need them.',
      quote: {
        text: 'Our nurses stopped dreading the follow-up list. The calls that reach them now are the ones that actually need a nurse.',
        name: 'Marisol Okafor',
        role: 'Director of Nursing, Lakeshore Family Health',
      },
      results: [
        { value: '100%', label: 'of urgent-care visits followed up in 48 hours' },
        { value: '72%', label: 'less nurse time spent on routine calls' },
        { value: '1 in 9', label: 'calls flagged for a clinician\u2019s attention' },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'What can a follow-up call cover?',
          answer:
            'Anything you would ask on the phone: how the patient is feeling, whether they picked up their medication, whether they understand their care plan, and booking or confirming the next appointment.',
        },
        {
          question: 'What happens when a patient reports a problem?',
          answer:
            'The call is flagged to your clinical team immediately with the transcript. The assistant does not give medical advice; it makes sure a person calls back.',
        },
        {
          question: 'Is patient data protected?',
          answer:
            'Yes. Data is encrypted at rest and in transit, and we sign a Business Associate Agreement with healthcare customers.',
        },
        {
          question: 'How do we start calls?',
          answer:
            'Send a text with the patient and the goal, upload a list, or make one API request per call. Each call ends with a status, transcript and recording.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Make every follow-up call happen',
      body: 'Start with the first 100 minutes free, or talk to us about rolling out across your sites.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Questions about integrating with your EHR?',
    },
  ],
};
