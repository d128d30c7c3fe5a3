import { FREE_MINUTES, PRICE_PER_MINUTE_USD } from '@/config/constants';
import { paths } from '@/config/paths';

export type PricingPlan = {
  id: 'developer' | 'enterprise';
  name: string;
  price: string;
  priceNote: string;
  summary: string;
  features: string[];
  cta: { label: string; href: string };
  highlighted: boolean;
};

const cents = Math.round(PRICE_PER_MINUTE_USD * 100);

export const pricingPlans: readonly PricingPlan[] = [
  {
    id: 'developer',
    name: 'Developer',
    price: `${cents}¢ / minute`,
    priceNote: `First ${FREE_MINUTES} minutes free`,
    summary: 'Pay-as-you-go. No contract, no monthly minimum, billed by the minute you use.',
    features: [
      'Calls to any US number',
      'Smart call routing',
      'Real-time transcripts',
      'REST API access',
      'Standard support',
    ],
    cta: { label: 'Get Started', href: paths.auth.href },
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    priceNote: 'Volume pricing and terms',
    summary: 'For regulated teams and high call volumes that need their own deployment and SLA.',
    features: [
      'On-premises deployment',
      '24/7 priority support',
      'Dedicated account manager',
      'Custom integrations',
      'SLA guarantees',
    ],
    cta: { label: 'Contact Sales', href: paths.contact.href },
    highlighted: false,
  },
];
