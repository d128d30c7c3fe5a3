import {
  BellRing,
  Clock,
  MessageSquareWarning,
  PhoneOff,
  Star,
  ThumbsUp,
  Wrench,
  Repeat,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const afterService: UseCaseContent = {
  slug: 'after-service',
  meta: {
    title: 'After-service check-in calls for home services | Dialwise',
    description:
      'Dialwise calls every customer after the job: was it done right, is anything still wrong, would they recommend you. Problems reach your team the same day, with a transcript and recording.',
  },
  hero: {
    eyebrow: 'For plumbers, HVAC, electricians and cleaning crews',
    title: 'Call every customer after every job',
    lede: 'When a technician closes a job, Dialwise calls the customer the same day, asks whether everything works, and routes any problem back to your office before it becomes a one-star review.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: 'Same day', label: 'check-in after every completed job' },
      { value: '60-80%', label: 'less admin phone time in the office' },
      { value: '100%', label: 'of jobs followed up, not just the ones you remember' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Unhappy customers rarely call you first',
      intro:
        'A drip that came back or a thermostat that still clicks usually surfaces as a bad review or a competitor\u2019s invoice, not a call to your office.',
      points: [
        {
          icon: PhoneOff,
          title: 'No time to call back',
          body: 'Dispatchers are booking tomorrow\u2019s jobs; nobody is free to ask how yesterday\u2019s went.',
        },
        {
          icon: MessageSquareWarning,
          title: 'Problems surface online',
          body: 'The first you hear of a callback-worthy issue is a public review.',
        },
        {
          icon: Repeat,
          title: 'Lost repeat business',
          body: 'Customers who are never asked for feedback rarely remember your name for the next job.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'The job is closed',
          body: 'Your field-service software calls our API, or a technician texts the customer\u2019s number and job type.',
        },
        {
          title: 'Dialwise checks in',
          body: 'A friendly call asks whether the work was finished, whether everything works, and how the technician did.',
        },
        {
          title: 'Issues route to your team',
          body: 'Anything still wrong is flagged to the office straight away, so a return visit can be booked.',
        },
        {
          title: 'You get the results',
          body: 'Ratings, comments, transcript and recording arrive in your dashboard, per job and per technician.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'What it does for your business',
      items: [
        {
          icon: BellRing,
          title: 'Catch problems early',
          body: 'Fix a missed detail with a quick return visit instead of a refund or a dispute.',
        },
        {
          icon: Star,
          title: 'More good reviews',
          body: 'Happy customers are invited to leave a review while the good work is fresh.',
        },
        {
          icon: Wrench,
          title: 'Technician insight',
          body: 'See ratings and comments by technician, so coaching is based on facts.',
        },
        {
          icon: Clock,
          title: 'Office time back',
          body: 'Your team spends 60-80% less time on the phone and more on scheduling paid work.',
        },
        {
          icon: ThumbsUp,
          title: 'Customers feel looked after',
          body: 'A same-day check-in is the kind of service people tell their neighbours about.',
        },
        {
          icon: Repeat,
          title: 'Maintenance offers',
          body: 'The call can mention a seasonal tune-up or service plan, and log who is interested.',
        },
      ],
    },
    {
      kind: 'case-study',
      id: 'case-study',
      heading: 'Case study',
      company: 'Bright Valve Plumbing & Heating',
      context: 'Residential plumbing and HVAC, 14 technicians',
      story:
        'Bright Valve had a post-job survey nobody filled in. Switching to a same-day Dialwise call turned silent customers into feedback, and the office now books return visits before customers think of calling someone else.',
      quote: {
        text: 'We heard about a leaking fitting three hours after the tech left, not three weeks later in a review. That one call paid for a year.',
        name: 'Tomasz Reyes',
        role: 'Owner, Bright Valve Plumbing & Heating',
      },
      results: [
        { value: '81%', label: 'of customers answered the check-in' },
        { value: '2.4x', label: 'more reviews per month' },
        { value: '11 hrs', label: 'of office phone time saved each week' },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'When does the check-in call happen?',
          answer:
            'Whenever you choose: an hour after the job is closed, that evening, or the next morning. Trigger it from your field-service software or by text.',
        },
        {
          question: 'What does the call ask?',
          answer:
            'You set the questions. Most teams ask whether the work is finished, whether everything works, a rating for the technician, and whether the customer would like a maintenance reminder.',
        },
        {
          question: 'What happens when a customer reports a problem?',
          answer:
            'The job is flagged for your office immediately, with the transcript and recording, so someone can call back and book a return visit.',
        },
        {
          question: 'Do we need new software?',
          answer:
            'No. Start by texting job details, or connect your existing tools through our REST API.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Turn every finished job into a happy customer',
      body: 'Set up your check-in call in an afternoon. The first 100 minutes are on us.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Running multiple branches or a franchise?',
    },
  ],
};
