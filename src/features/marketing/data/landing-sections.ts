import { sectionIds } from '@/config/paths';

/** Every landing-page section id, in page order. */
export const landingSections = {
  hero: 'hero',
  demo: sectionIds.demo,
  features: sectionIds.features,
  code: sectionIds.code,
  useCases: sectionIds.useCases,
  carousel: 'use-case-carousel',
  testimonials: 'testimonials',
  pricing: sectionIds.pricing,
  waitlist: sectionIds.waitlist,
} as const;
