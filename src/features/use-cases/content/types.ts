import type { LucideIcon } from 'lucide-react';
import type { paths, UseCaseSlug } from '@/config/paths';

/** The public pages a use-case call to action may lead to. */
export type CtaHref =
  | typeof paths.home.href
  | typeof paths.signUp.href
  | typeof paths.contact.href
  | typeof paths.pricing.href
  | typeof paths.docs.href
  | typeof paths.docsPhoneAgent.href;

export type LinkAction = {
  kind: 'link';
  label: string;
  href: CtaHref;
  variant?: 'primary' | 'secondary';
};

/** Opens the page's sample-call transcript and brings it into view (no audio is claimed). */
export type SampleAction = {
  kind: 'sample';
  label: string;
  variant?: 'primary' | 'secondary';
};

export type Action = LinkAction | SampleAction;

export type Hero = {
  eyebrow: string;
  title: string;
  lede: string;
  actions: Action[];
  /** Small print under the buttons, e.g. 'No credit card required'. */
  note?: string;
  stats?: { value: string; label: string }[];
};

export type IconItem = { icon: LucideIcon; title: string; body: string };

export type ProblemSection = {
  kind: 'problem';
  id: string;
  heading: string;
  intro: string;
  points: IconItem[];
};

export type StepsSection = {
  kind: 'steps';
  id: string;
  heading: string;
  intro?: string;
  /** 'timeline' lays the steps out vertically with a connecting line. */
  layout?: 'cards' | 'timeline';
  steps: { title: string; body: string }[];
};

export type BenefitsSection = {
  kind: 'benefits';
  id: string;
  heading: string;
  intro?: string;
  items: IconItem[];
};

export type RoiSection = {
  kind: 'roi';
  id: string;
  heading: string;
  intro: string;
  hourlyRateUsd: number;
  minutesPerCall: number;
  callsPerLoad: number;
  loadsPerMonth: number[];
};

export type CaseStudySection = {
  kind: 'case-study';
  id: string;
  heading: string;
  company: string;
  context: string;
  story: string;
  quote: { text: string; name: string; role: string };
  results: { value: string; label: string }[];
};

export type LogosSection = {
  kind: 'logos';
  id: string;
  heading: string;
  names: string[];
  caption: string;
};

export type FaqSection = {
  kind: 'faq';
  id: string;
  heading: string;
  items: { question: string; answer: string }[];
};

export type BadgesSection = {
  kind: 'badges';
  id: string;
  heading: string;
  items: { icon: LucideIcon; label: string }[];
};

export type CtaSection = {
  kind: 'cta';
  id: string;
  heading: string;
  body: string;
  actions: Action[];
  note?: string;
};

export type SampleCallSection = {
  kind: 'sample-call';
  id: string;
  heading: string;
  intro: string;
  lines: { speaker: string; text: string }[];
  outcome: string;
};

export type GuaranteeSection = {
  kind: 'guarantee';
  id: string;
  heading: string;
  body: string;
  points: string[];
};

export type PricingNoteSection = {
  kind: 'pricing-note';
  id: string;
  heading: string;
  price: string;
  body: string;
  points: string[];
};

export type ContactSection = {
  kind: 'contact';
  id: string;
  text: string;
};

export type Section =
  | ProblemSection
  | StepsSection
  | BenefitsSection
  | RoiSection
  | CaseStudySection
  | LogosSection
  | FaqSection
  | BadgesSection
  | CtaSection
  | SampleCallSection
  | GuaranteeSection
  | PricingNoteSection
  | ContactSection;

export type SectionKind = Section['kind'];

export type UseCaseContent = {
  slug: UseCaseSlug;
  meta: { title: string; description: string };
  hero: Hero;
  /** Rendered in this order after the hero. */
  sections: Section[];
};
