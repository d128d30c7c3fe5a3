import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import {
  Clock,
  Headphones,
  Languages,
  PackageCheck,
  PackageX,
  PhoneIncoming,
  RotateCcw,
  ShoppingCart,
  Truck,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { UseCaseContent } from '@/features/use-cases/content/types';

export const ecommerce: UseCaseContent = {
  slug: 'ecommerce',
  meta: {
    title: 'E-commerce customer support and order calls | Dialwise',
    description:
      'Dialwise calls shoppers to confirm high-value orders, sort out failed deliveries and returns, and recover abandoned carts, returning a transcript and recording for every call.',
  },
  hero: {
    eyebrow: 'For online stores and marketplaces',
    title: 'Order calls handled while your team sleeps',
    lede: 'Confirm a large order, fix a failed delivery address, walk a customer through a return: one API request starts the call, and the result lands back in your order system with a transcript and recording.',
    actions: [
      { kind: 'link', label: 'Start now', href: paths.signUp.href },
      { kind: 'link', label: 'Read the Docs', href: paths.docs.href, variant: 'secondary' },
    ],
    stats: [
      { value: '< 300 ms', label: 'response time, with natural interruptions' },
      { value: String(CALL_LANGUAGE_COUNT), label: 'languages for cross-border stores' },
      { value: '1 cent', label: 'per minute, first 100 minutes free' },
    ],
  },
  sections: [
    {
      kind: 'problem',
      id: 'problem',
      heading: 'Some order problems only a phone call can fix',
      intro:
        'E-mails go unread while a parcel sits at the depot. Support teams know a quick call would fix it, but there are never enough hands.',
      points: [
        {
          icon: PackageX,
          title: 'Failed deliveries',
          body: 'A wrong door code or a missing flat number sends parcels back and costs you shipping twice.',
        },
        {
          icon: ShoppingCart,
          title: 'Orders on hold',
          body: 'High-value or flagged orders wait for a verification call that no agent has time to make.',
        },
        {
          icon: Headphones,
          title: 'Support queues at peak',
          body: 'Holiday spikes bury agents in the same where-is-my-order questions.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      heading: 'How it works',
      steps: [
        {
          title: 'Your store sends a task',
          body: 'An order event, such as a failed delivery, a flagged payment or a return request, calls our API with the number and the goal.',
        },
        {
          title: 'Dialwise calls the customer',
          body: 'The voice agent explains the issue, confirms details and collects what is needed, like a corrected address.',
        },
        {
          title: 'The answer flows back',
          body: 'Status, structured answers, transcript and recording stream back to your order system in real time.',
        },
      ],
    },
    {
      kind: 'benefits',
      id: 'benefits',
      heading: 'Where stores use it',
      items: [
        {
          icon: PackageCheck,
          title: 'Order confirmation',
          body: 'Verify large or unusual orders in minutes, so good customers are not kept waiting.',
        },
        {
          icon: Truck,
          title: 'Delivery rescue',
          body: 'Fix addresses and arrange redelivery before the parcel is returned to sender.',
        },
        {
          icon: RotateCcw,
          title: 'Returns and exchanges',
          body: 'Walk customers through a return or offer an exchange, and log the outcome.',
        },
        {
          icon: PhoneIncoming,
          title: 'Proactive updates',
          body: 'Call customers about delays before they call you.',
        },
        {
          icon: Languages,
          title: 'Every market',
          body: 'Talk to customers in their own language with global phone numbers.',
        },
        {
          icon: Clock,
          title: 'Less agent time',
          body: 'Routine calls run automatically, cutting admin phone time by 60-80%.',
        },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How do we connect our store?',
          answer:
            'Send one API request with a phone number and a goal from your order events or a webhook handler. The MCP tool protocol also lets any LLM toolchain start calls.',
        },
        {
          question: 'Can the agent look up order details?',
          answer:
            'Pass the details it needs in the request, such as order number, items and delivery address, and it will use them on the call.',
        },
        {
          question: 'What do we get back?',
          answer:
            'A status, structured answers, a summary, the transcript and the recording, streamed in real time.',
        },
        {
          question: 'What does it cost?',
          answer:
            'The Developer plan is pay-as-you-go at 1 cent per minute with the first 100 minutes free. High-volume stores can talk to us about Enterprise pricing.',
        },
      ],
    },
    {
      kind: 'cta',
      id: 'get-started',
      heading: 'Put your order calls on autopilot',
      body: 'Get an API key and place your first call today. The first 100 minutes are free.',
      actions: [
        { kind: 'link', label: 'Get Started', href: paths.signUp.href },
        { kind: 'link', label: 'Contact Sales', href: paths.contact.href, variant: 'secondary' },
      ],
    },
    {
      kind: 'contact',
      id: 'contact',
      text: 'Running a high-volume store or marketplace?',
    },
  ],
};
