import {
  Building2,
  CalendarClock,
  ClipboardCheck,
  HeartPulse,
  House,
  PawPrint,
  Pill,
  School,
  Truck,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useCasePath, type UseCaseSlug } from '@/config/paths';

export type UseCaseLink = {
  slug: UseCaseSlug;
  title: string;
  description: string;
  href: ReturnType<typeof useCasePath>;
  icon: LucideIcon;
};

const link = (
  slug: UseCaseSlug,
  title: string,
  description: string,
  icon: LucideIcon,
): UseCaseLink => ({ slug, title, description, href: useCasePath(slug), icon });

/** The ten vertical pages of the route table, in menu order. */
export const useCaseLinks: readonly UseCaseLink[] = [
  link('healthcare', 'Healthcare', 'Patient follow-ups and appointment confirmations', HeartPulse),
  link('shift-fill', 'Shift Fill', 'Call your bench and fill open shifts fast', CalendarClock),
  link('after-service', 'After-Service', 'Post-job check-ins for home services', Wrench),
  link('tenant-notice', 'Tenant Notice', 'Entry notices delivered to every tenant', Building2),
  link('rent-due-calls', 'Rent Due Calls', 'Friendly rent reminders before the due date', House),
  link('safecheck-attendance', 'SafeCheck', 'School attendance calls to parents', School),
  link('loadtrack-checkins', 'LoadTrack', 'Automated freight driver check calls', Truck),
  link('petcare', 'PetCare', 'Vet reminders and post-surgery follow-ups', PawPrint),
  link(
    'pre-auth-assistant',
    'Pre-Auth Assistant',
    'Insurance pre-authorisations, phone menus included',
    ClipboardCheck,
  ),
  link(
    'rx-clarification',
    'Rx Clarification',
    'Prescription questions settled with the prescriber',
    Pill,
  ),
];
