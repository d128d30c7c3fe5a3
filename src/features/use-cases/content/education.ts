import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import {
  BookOpen,
  CalendarCheck,
  Clock,
  GraduationCap,
  Languages,
  ListChecks,
  MailX,
  UserRoundX,
  UsersRound,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const education: UseCaseContent = {
  slug: 'education',
  meta: {
    title: 'Student onboarding calls for colleges and course providers | Dialwise',
    description:
      'Dialwise welcomes every new student by phone, walks them through enrolment steps, books orientation, and flags anyone at risk of not starting, with a transcript and recording of each call.',
  },
  hero: {
    eyebrow: 'For colleges, universities and course providers',
    title: 'A welcome call for every new student',
    lede: 'Between acceptance and the first day, students drift away. Dialwise calls each one, checks the enrolment steps are done, answers common questions and books orientation, so more admitted students actually start.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Talk to Sales', href: paths.contact.href, variant: 'secondary' },
    ],
    stats: [
      { value: '100%', label: 'of new students called, not just a sample' },
      { value: String(CALL_LANGUAGE_COUNT), label: 'languages for international students' },
      { value: '60-80%', label: 'less admin phone time for admissions' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Admitted is not the same as enrolled',
      intro:
        'Students stall on forms, fees and housing, and many never tell you. By the time you notice, their seat is empty.',
      points: [
        {
          icon: MailX,
          title: 'Welcome e-mails unread',
          body: 'Checklists sent by e-mail sit in inboxes while deadlines pass.',
        },
        {
          icon: UserRoundX,
          title: 'Silent drop-offs',
          body: 'Students who are stuck rarely ask for help; they just do not show up.',
        },
        {
          icon: UsersRound,
          title: 'Too many students, too few advisers',
          body: 'Admissions teams cannot personally call thousands of new starters.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Send the new students',
          body: 'Your student system calls our API when someone accepts an offer, or staff upload a list.',
        },
        {
          title: 'Dialwise welcomes each one',
          body: 'A friendly call congratulates the student, checks each onboarding step and answers common questions.',
        },
        {
          title: 'Orientation gets booked',
          body: 'Students choose an orientation or advising slot during the call.',
        },
        {
          title: 'Advisers see who needs help',
          body: 'Outstanding steps, concerns, transcripts and recordings flow back, so advisers call the students at risk.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'What it changes',
      items: [
        {
          icon: GraduationCap,
          title: 'More students start',
          body: 'Catch the blockers of fees, forms and housing before they cost you an enrolment.',
        },
        {
          icon: ListChecks,
          title: 'Checklist progress',
          body: 'Know which onboarding steps each student has finished, straight from the call.',
        },
        {
          icon: CalendarCheck,
          title: 'Orientation booked',
          body: 'Appointments are made on the call, not after a week of back and forth.',
        },
        {
          icon: Languages,
          title: 'International-ready',
          body: 'Students and families hear the call in their own language.',
        },
        {
          icon: BookOpen,
          title: 'Answers on the spot',
          body: 'Share your FAQs in the request and the agent answers questions about start dates, IDs and course materials.',
        },
        {
          icon: Clock,
          title: 'Advisers freed up',
          body: 'Routine welcome calls run automatically, so advisers focus on students who need them.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'When should the onboarding call happen?',
          answer:
            'Most institutions call within a day of an offer being accepted and again a week before term. You choose the timing.',
        },
        {
          question: 'Can the call cover our own checklist?',
          answer:
            'Yes. The goal you send lists your steps, such as ID upload, fees, housing and course registration, and the agent checks each one.',
        },
        {
          question: 'What if a student has a question the agent cannot answer?',
          answer:
            'It notes the question and flags the student for an adviser, with the transcript so nobody has to ask twice.',
        },
        {
          question: 'How do we get started?',
          answer:
            'Create an account, get an API key and send your first call. The first 100 minutes are free.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Turn admitted students into enrolled students',
      body: 'Welcome your next intake by phone, every single student.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Onboarding a large intake or several campuses?',
    },
  ],
};
