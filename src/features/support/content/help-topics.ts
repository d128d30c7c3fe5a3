import type { LucideIcon } from 'lucide-react';
import { BookOpen, CreditCard, Wrench } from 'lucide-react';
import { paths } from '@/config/paths';

/** One help topic card on /help: a heading, a short blurb and real links (no dead '#'). */
export type HelpTopic = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  links: readonly { label: string; href: string }[];
};

export const helpTopics: readonly HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    description: 'Create an account, get your API key and place your first call.',
    icon: BookOpen,
    links: [
      { label: 'Read the API documentation', href: paths.docs.href },
      { label: 'Set up the phone agent', href: paths.docsPhoneAgent.href },
      { label: 'Create an account', href: paths.auth.href },
    ],
  },
  {
    id: 'account-billing',
    title: 'Account & Billing',
    description: 'Plans, prepaid credits and enterprise agreements.',
    icon: CreditCard,
    links: [
      { label: 'Compare plans and prices', href: paths.pricing.href },
      { label: 'Read the terms of service', href: paths.terms.href },
      { label: 'Talk to enterprise sales', href: paths.contact.href },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    description: 'Check service health and fix common integration problems.',
    icon: Wrench,
    links: [
      { label: 'See the system status', href: paths.status.href },
      { label: 'Phone agent reference', href: paths.docsPhoneAgent.href },
      { label: 'How we handle your data', href: paths.privacy.href },
    ],
  },
];
