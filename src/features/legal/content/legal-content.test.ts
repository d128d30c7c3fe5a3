import { CONTACT_EMAIL } from '@/config/constants';
import { privacy } from '@/features/legal/content/privacy';
import { terms } from '@/features/legal/content/terms';
import type { LegalDocument } from '@/features/legal/content/types';

const plainText = (doc: LegalDocument) =>
  [
    ...doc.intro,
    ...doc.sections.flatMap((section) => [
      section.title,
      ...section.body.flatMap((block) => (typeof block === 'string' ? [block] : block.list)),
    ]),
  ].join('\n');

describe('terms of service content', () => {
  const text = plainText(terms);

  it('has 18 sections with unique anchors, last updated November 27, 2026', () => {
    expect(terms.sections).toHaveLength(18);
    expect(new Set(terms.sections.map((s) => s.id)).size).toBe(18);
    expect(terms.dateLabel).toBe('Last updated');
    expect(terms.date).toBe('2026-11-27');
  });

  it.each([
    ['minimum age 18', '18 years of age or older'],
    ['children under 13 not served', 'we do not serve children under 13'],
    ['US-only calls', 'Calls are US only'],
    ['free minutes', 'The first 100 minutes of calls on each account are free'],
    ['per-minute price', '1 cent per minute (USD)'],
    ['prepaid credits', '1 dollar = 1 credit'],
    ['monthly card billing', 'Billing is monthly via a card payment provider'],
    ['late interest', 'Late payments bear interest at 1.5% per month'],
    ['liability cap', 'the greater of USD 100 or the fees you paid us in the 3 months'],
    ['cure period', 'does not cure the breach within 10 days'],
    ['change notice', 'at least 30 days\u2019 notice'],
    ['call consent under the TCPA', 'Telephone Consumer Protection Act (TCPA)'],
    ['customer responsible for consent', 'you are solely responsible for having every consent'],
    ['KYC verification', 'identity verification ("know your customer" or KYC)'],
    ['API key confidentiality', 'Keep your API keys confidential'],
    ['contact e-mail', CONTACT_EMAIL],
  ])('states the %s', (_, phrase) => {
    expect(text).toContain(phrase);
  });

  it('has an acceptable use section', () => {
    expect(terms.sections.map((s) => s.title)).toContain('Acceptable use');
  });
});

describe('privacy policy content', () => {
  const text = plainText(privacy);

  it('has 10 sections with unique anchors, effective November 27, 2026', () => {
    expect(privacy.sections).toHaveLength(10);
    expect(new Set(privacy.sections.map((s) => s.id)).size).toBe(10);
    expect(privacy.dateLabel).toBe('Effective');
    expect(privacy.date).toBe('2026-11-27');
  });

  it.each([
    ['transcript retention', 'Call transcripts and call metadata'],
    ['transcript period', 'kept for up to 30 days, then deleted'],
    ['no audio by default', 'No audio is stored by default'],
    ['school recordings', 'retained 30 days for school attendance calls'],
    ['freight and pet care recordings', '90 days for freight check-in and pet care calls'],
    ['configurable recording retention', 'The customer can configure a different retention period'],
    ['KYC and call records', 'KYC data and call metadata needed for billing'],
    ['KYC period', '24 months'],
    ['account data', 'kept while your account is active plus 60 days'],
    ['technical logs', 'Technical logs: 30 days'],
    [
      'hashes kept of a closed account for the free minutes',
      'we keep a one-way hash of its e-mail address and of its verified phone number, and nothing else',
    ],
    ['California deadline', 'answer California requests within 45 days'],
    ['children under 13', 'We do not serve children under 13'],
    ['US-only calls', 'Calls are US only'],
    ['card payment provider', 'Card payments are handled by our card payment provider'],
    ['contact e-mail', CONTACT_EMAIL],
  ])('states the %s', (_, phrase) => {
    expect(text).toContain(phrase);
  });
});

describe('what the Service enforces', () => {
  it('says which calling rules are built in and that the national registry is not queried', () => {
    const section = terms.sections.find((s) => s.id === 'what-we-enforce');
    const text = JSON.stringify(section);
    expect(text).toContain('47 CFR 64.1200(c)(1)');
    expect(text).toContain('we do not query the National Do Not Call Registry');
    expect(text).toContain('pressing 9');
    expect(text).toContain('100,000');
  });
});
