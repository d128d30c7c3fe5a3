import { describe, expect, it } from 'vitest';
import { paths, useCasePath, useCaseSlugs } from '@/config/paths';
import { useCaseContent } from '@/features/use-cases/content/registry';
import type {
  Action,
  Section,
  SectionKind,
  UseCaseContent,
} from '@/features/use-cases/content/types';
import { loadtrackCheckins } from '@/features/use-cases/content/loadtrack-checkins';

const appRoutes = new Set<string>([
  ...Object.values(paths).map((p) => p.href),
  ...useCaseSlugs.map(useCasePath),
]);

function sectionsOf<K extends SectionKind>(content: UseCaseContent, kind: K) {
  return content.sections.filter((s): s is Extract<Section, { kind: K }> => s.kind === kind);
}

function allActions(content: UseCaseContent): Action[] {
  return [...content.hero.actions, ...sectionsOf(content, 'cta').flatMap((s) => s.actions)];
}

/** Label → href ('sample' for the on-page transcript) of every call to action. */
function linkTargets(content: UseCaseContent) {
  return Object.fromEntries(
    allActions(content).map((a) => [a.label, a.kind === 'link' ? a.href : 'sample']),
  );
}

describe('use-case content registry', () => {
  it('has content for every slug, under its own slug', () => {
    for (const slug of useCaseSlugs) {
      expect(useCaseContent[slug], slug).toBeDefined();
      expect(useCaseContent[slug].slug).toBe(slug);
    }
    expect(Object.keys(useCaseContent).sort()).toEqual([...useCaseSlugs].sort());
  });

  describe.each(useCaseSlugs)('%s', (slug) => {
    const content = useCaseContent[slug];

    it('has a title, a meta description and a hero', () => {
      expect(content.meta.title).toMatch(/Dialwise$/);
      expect(content.meta.description.length).toBeGreaterThan(70);
      expect(content.meta.description.length).toBeLessThanOrEqual(200);
      expect(content.hero.title).not.toBe('');
    });

    it('sends every call to action to a real route', () => {
      const links = allActions(content).flatMap((a) => (a.kind === 'link' ? [a] : []));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(appRoutes, link.label).toContain(link.href);
    });

    it('offers /auth or /contact', () => {
      const hrefs = allActions(content).flatMap((a) => (a.kind === 'link' ? [a.href] : []));
      expect(hrefs.some((h) => h === paths.signUp.href || h === paths.contact.href)).toBe(true);
    });

    it('has a problem, how-it-works steps, benefits, an FAQ and a call to action', () => {
      for (const kind of ['problem', 'steps', 'faq', 'cta', 'contact'] as const) {
        expect(sectionsOf(content, kind).length, kind).toBeGreaterThan(0);
      }
      expect(
        sectionsOf(content, 'benefits').length + sectionsOf(content, 'guarantee').length,
      ).toBeGreaterThan(0);
    });

    it('uses unique section ids', () => {
      const ids = content.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('has a sample-call section exactly when a call to action asks for one', () => {
      const wantsSample = allActions(content).some((a) => a.kind === 'sample');
      expect(sectionsOf(content, 'sample-call').length).toBe(wantsSample ? 1 : 0);
    });
  });
});

describe('page specifics', () => {
  it('LoadTrack: CTAs, ROI basis, badges and section order', () => {
    const c = useCaseContent['loadtrack-checkins'];
    expect(linkTargets(c)).toEqual({
      'Book a Demo': paths.contact.href,
      'See Pricing': paths.pricing.href,
      'Get Demo': paths.contact.href,
    });
    const [roi] = sectionsOf(c, 'roi');
    expect(roi).toMatchObject({
      hourlyRateUsd: 35,
      minutesPerCall: 5,
      callsPerLoad: 2,
      loadsPerMonth: [50, 100, 200],
    });
    expect(sectionsOf(c, 'badges')[0]?.items.map((b) => b.label)).toEqual([
      'FMCSA Compliant',
      'SOC 2 Type II',
      'End-to-end Encrypted',
    ]);
    expect(c.sections.map((s) => s.kind)).toEqual([
      'problem',
      'steps',
      'benefits',
      'steps',
      'roi',
      'case-study',
      'logos',
      'cta',
      'faq',
      'badges',
      'contact',
    ]);
    expect(sectionsOf(c, 'steps')[0]?.steps).toHaveLength(3);
    const text = JSON.stringify(loadtrackCheckins);
    expect(text).toMatch(/press(es)? 1 for on time/);
    expect(text).toContain('90 days');
    expect(text).toContain('4+ hours');
    expect(text).toMatch(/consent/);
  });

  it('pet care: 4 steps, 4 FAQs, trial CTAs and badges', () => {
    const c = useCaseContent.petcare;
    expect(sectionsOf(c, 'steps')).toHaveLength(1);
    expect(sectionsOf(c, 'steps')[0]?.steps).toHaveLength(4);
    expect(sectionsOf(c, 'faq')[0]?.items).toHaveLength(4);
    expect(linkTargets(c)).toEqual({
      'Start Free Trial': paths.signUp.href,
      'Hear Sample Call': 'sample',
      'Try 30 Days Free': paths.signUp.href,
      'Schedule Demo': paths.contact.href,
    });
    expect(sectionsOf(c, 'badges')[0]?.items.map((b) => b.label)).toEqual([
      'AAHA Compliant',
      'Data Encrypted',
      '99.9% Uptime',
    ]);
    const text = JSON.stringify(c);
    expect(text).toContain('No credit card required');
    expect(text).toContain('$0.25 per call');
    expect(text).toContain('70%');
  });

  it('pre-authorisation: 4 timeline steps, 6 FAQs, HIPAA card, CTAs and badges', () => {
    const c = useCaseContent['pre-auth-assistant'];
    expect(sectionsOf(c, 'steps')[0]?.steps).toHaveLength(4);
    expect(sectionsOf(c, 'faq')[0]?.items).toHaveLength(6);
    expect(sectionsOf(c, 'guarantee')[0]?.points).toEqual(
      expect.arrayContaining([
        'Signed Business Associate Agreement (BAA)',
        'Encrypted at rest and in transit',
      ]),
    );
    expect(linkTargets(c)).toEqual({
      'Request Early Access': paths.signUp.href,
      'See Live Demo': 'sample',
      'Get Early Access': paths.signUp.href,
      'Schedule a Demo': paths.contact.href,
    });
    expect(sectionsOf(c, 'badges')[0]?.items.map((b) => b.label)).toEqual([
      'HIPAA Compliant',
      'SOC 2 Type II',
      '99.9% Uptime',
    ]);
    expect(JSON.stringify(c)).toContain('$199/month');
  });

  it('prescription clarification: 3 steps, 5 FAQs, retry rule, CTAs and badges', () => {
    const c = useCaseContent['rx-clarification'];
    expect(sectionsOf(c, 'steps')[0]?.steps).toHaveLength(3);
    const faqs = sectionsOf(c, 'faq')[0]?.items ?? [];
    expect(faqs).toHaveLength(5);
    expect(faqs.some((f) => /every 30 minutes, up to 3 times/.test(f.answer))).toBe(true);
    expect(linkTargets(c)).toEqual({
      'Book a 15-Minute Demo': paths.contact.href,
      'Listen to Sample Call': paths.docs.href,
    });
    expect(sectionsOf(c, 'badges')[0]?.items.map((b) => b.label)).toEqual([
      'HIPAA Compliant',
      'NABP Recognized',
      '256-bit Encryption',
      '99.9% Uptime',
    ]);
    expect(JSON.stringify(c)).toContain('100 calls a month');
  });

  it('SafeCheck keeps recordings 30 days', () => {
    expect(JSON.stringify(useCaseContent['safecheck-attendance'])).toContain('30 days');
  });
});
