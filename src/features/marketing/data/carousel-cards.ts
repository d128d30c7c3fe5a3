import {
  CalendarCheck,
  GraduationCap,
  Headset,
  House,
  Package,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useCasePath } from '@/config/paths';

export type CarouselCard = {
  title: string;
  description: string;
  href: ReturnType<typeof useCasePath>;
  icon: LucideIcon;
};

/** Six cards; e-commerce covers two of them. */
export const carouselCards: readonly CarouselCard[] = [
  {
    title: 'Customer Support',
    description: 'Call customers back with answers instead of leaving tickets waiting in a queue.',
    href: useCasePath('ecommerce'),
    icon: Headset,
  },
  {
    title: 'Appointment Scheduling',
    description: 'Book, confirm and reschedule visits, then write the result to your calendar.',
    href: useCasePath('healthcare'),
    icon: CalendarCheck,
  },
  {
    title: 'Lead Qualification',
    description: 'Reach every new lead within a minute and ask the questions your agents would.',
    href: useCasePath('real-estate'),
    icon: House,
  },
  {
    title: 'Payment Reminders',
    description: 'Polite, on-time reminders that note promises to pay and log every answer.',
    href: useCasePath('finance'),
    icon: Wallet,
  },
  {
    title: 'Student Onboarding',
    description: 'Welcome new students, confirm documents and answer first-week questions.',
    href: useCasePath('education'),
    icon: GraduationCap,
  },
  {
    title: 'Order Management',
    description: 'Confirm deliveries, resolve address problems and follow up on returns by phone.',
    href: useCasePath('ecommerce'),
    icon: Package,
  },
];
