import {
  Activity,
  Clock,
  FileSpreadsheet,
  Hourglass,
  ListTree,
  MessageSquareText,
  ShieldCheck,
  TriangleAlert,
  UserRoundX,
  BadgeCheck,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const preAuthAssistant: UseCaseContent = {
  slug: 'pre-auth-assistant',
  meta: {
    title: 'Pre-authorisation assistant: insurer calls on autopilot | Dialwise',
    description:
      'Text a patient and procedure code. Dialwise calls the insurer, navigates the phone menus, captures the approval number and sends it back by SMS with a CSV log. HIPAA compliant, from $199/month.',
  },
  hero: {
    eyebrow: 'For medical practices and billing teams',
    title: 'Send a text. Get the approval number back.',
    lede: 'The pre-authorisation assistant sits on hold so your staff do not have to. Text it a patient and a procedure code; it calls the insurer, works through the phone menus, and returns the approval number by SMS with a CSV log for your records.',
    actions: [
      { kind: 'link', label: 'Request Early Access', href: paths.signUp.href },
      { kind: 'sample', label: 'See Live Demo', variant: 'secondary' },
    ],
    note: 'Early access is open to US practices. HIPAA compliant, with a signed BAA.',
    stats: [
      { value: '$199', label: 'per month for up to 50 authorisations' },
      { value: '0 min', label: 'of staff time on hold with insurers' },
      { value: '99.9%', label: 'uptime for every request you send' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Prior auth is a phone job nobody has time for',
      intro:
        'A single authorisation can mean forty minutes of menus, hold music and transfers, and most practices need dozens a week.',
      points: [
        {
          icon: Hourglass,
          title: 'Endless hold times',
          body: 'Staff wait on hold for the same payers every day, while patients wait at the front desk.',
        },
        {
          icon: ListTree,
          title: 'Phone menus built to tire you out',
          body: 'Every insurer has a different tree of options, and one wrong key sends you back to the start.',
        },
        {
          icon: UserRoundX,
          title: 'Delayed care',
          body: 'When an approval slips, procedures get rescheduled and patients lose trust in the practice.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'From text to approval in four steps',
      layout: 'timeline',
      steps: [
        {
          title: 'Text the request',
          body: 'Send the patient and the procedure code by SMS, or post them through the API from your practice system.',
        },
        {
          title: 'The AI calls the insurer',
          body: 'The assistant dials the payer, navigates the phone menus, and waits on hold in your place.',
        },
        {
          title: 'It captures the approval',
          body: 'The assistant gives the representative the details they ask for and records the approval or reference number.',
        },
        {
          title: 'You get an SMS and a CSV log',
          body: 'The approval number arrives by SMS, and every request is added to a CSV log with the transcript and recording. A denial triggers an immediate SMS or e-mail with the reason and the recording.',
        },
      ],
    },
    {
      kind: 'guarantee',
      id: 'hipaa',
      heading: 'Our HIPAA guarantee',
      body: 'Protected health information is handled to HIPAA standards from the moment you send a request. We sign a Business Associate Agreement before your first call.',
      points: [
        'Signed Business Associate Agreement (BAA)',
        'Encrypted at rest and in transit',
        'Access limited to your authorised staff',
        'Audit trail of every call and recording',
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'What your team gets back',
      items: [
        {
          icon: Clock,
          title: 'Hours off hold',
          body: 'Your billing staff work on claims and patients while the assistant waits in the queue.',
        },
        {
          icon: MessageSquareText,
          title: 'Answers by text',
          body: 'Approval numbers come back by SMS, so clinicians can check status from anywhere.',
        },
        {
          icon: FileSpreadsheet,
          title: 'A clean CSV log',
          body: 'Every request, outcome, reference number and timestamp in one file, ready for audits and billing.',
        },
        {
          icon: TriangleAlert,
          title: 'Denials flagged at once',
          body: 'If the payer denies the request you get an SMS or e-mail straight away with the reason and the recording.',
        },
      ],
    },
    {
      kind: 'sample-call',
      id: 'demo-call',
      heading: 'Demo: one pre-authorisation, start to finish',
      intro:
        'This transcript shows what the assistant does on a typical call. Patient, insurer and numbers are illustrative.',
      lines: [
        {
          speaker: 'Your text',
          text: 'PA: Jordan Ellis, DOB 03/14/1982, member ID HX4471902, CPT 72148 (lumbar MRI).',
        },
        {
          speaker: 'Insurer menu',
          text: 'For provider services, press 2. For prior authorisation, press 3.',
        },
        { speaker: 'Dialwise', text: '(presses 2, then 3, then waits 18 minutes on hold)' },
        {
          speaker: 'Representative',
          text: 'Prior authorisations, this is Marcus. How can I help?',
        },
        {
          speaker: 'Dialwise',
          text: 'Hi Marcus, I am an automated assistant calling on behalf of Riverside Spine Clinic to request prior authorisation for CPT 72148 for member HX4471902.',
        },
        {
          speaker: 'Representative',
          text: 'Thanks. I see the clinical notes on file. That is approved, reference number PA-20931-77, valid for 60 days.',
        },
        {
          speaker: 'Dialwise',
          text: 'Confirming reference PA-20931-77, valid for 60 days. Thank you, Marcus.',
        },
        {
          speaker: 'SMS to you',
          text: 'Approved: Jordan Ellis, CPT 72148. Ref PA-20931-77, valid 60 days. Added to your CSV log.',
        },
      ],
      outcome:
        'Approval captured, SMS sent to the practice, and the request, transcript and recording added to the CSV log.',
    },
    {
      kind: 'pricing-note',
      id: 'pricing',
      heading: 'Early access pricing',
      price: 'From $199/month',
      body: 'Covers up to 50 authorisations a month. Larger practices and billing companies get custom volume plans.',
      points: [
        'Up to 50 authorisations included',
        'SMS updates and CSV log on every request',
        'Signed BAA included',
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'What do I need to send to start a request?',
          answer:
            'The patient and the procedure code, plus the member details the payer asks for. Send them by text or through the API; the assistant asks if anything is missing.',
        },
        {
          question: 'Which insurers can the assistant call?',
          answer:
            'Any US payer with a provider phone line. The assistant learns each insurer\u2019s phone menus and hold patterns, so it gets faster with every call.',
        },
        {
          question: 'What happens if the request is denied?',
          answer:
            'You get an immediate SMS or e-mail with the denial reason and the call recording, so your team can start an appeal or peer-to-peer review the same day.',
        },
        {
          question: 'Is this HIPAA compliant?',
          answer:
            'Yes. We sign a Business Associate Agreement, and all data is encrypted at rest and in transit. Access is limited to the staff you authorise.',
        },
        {
          question: 'Where do the results go?',
          answer:
            'Each result is sent to you by SMS and added to a CSV log with the reference number, timestamps, transcript and recording. Developers can also receive results through the API.',
        },
        {
          question: 'How much does it cost?',
          answer:
            'Plans start at $199 a month for up to 50 authorisations. Contact us for higher volumes or multi-location groups.',
        },
      ],
    },
    {
      kind: 'badges',
      id: 'compliance',
      heading: 'Security and compliance',
      items: [
        { icon: ShieldCheck, label: 'HIPAA Compliant' },
        { icon: BadgeCheck, label: 'SOC 2 Type II' },
        { icon: Activity, label: '99.9% Uptime' },
      ],
    },
    {
      kind: 'cta',
      id: 'early-access',
      heading: 'Stop waiting on hold',
      body: 'Early access is opening practice by practice. Reserve your spot, or see the assistant work with your own payers.',
      actions: [
        { kind: 'link', label: 'Get Early Access', href: paths.signUp.href },
        { kind: 'link', label: 'Schedule a Demo', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Questions about your payer mix or our BAA?',
    },
  ],
};
