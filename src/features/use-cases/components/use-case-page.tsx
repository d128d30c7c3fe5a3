import { Fragment, useState } from 'react';
import { PublicLayout } from '@/components/layout/public-layout';
import type { UseCaseSlug } from '@/config/paths';
import { BadgesStrip } from '@/features/use-cases/components/badges-strip';
import { BenefitsSection } from '@/features/use-cases/components/benefits-section';
import { CaseStudy } from '@/features/use-cases/components/case-study';
import { ContactLine } from '@/features/use-cases/components/contact-line';
import { CtaSection } from '@/features/use-cases/components/cta-section';
import { FaqSection } from '@/features/use-cases/components/faq-section';
import { GuaranteeCard } from '@/features/use-cases/components/guarantee-card';
import { LogosStrip } from '@/features/use-cases/components/logos-strip';
import { PricingNote } from '@/features/use-cases/components/pricing-note';
import { ProblemSection } from '@/features/use-cases/components/problem-section';
import { RoiTable } from '@/features/use-cases/components/roi-table';
import { SampleCallSection } from '@/features/use-cases/components/sample-call-section';
import { StepsSection } from '@/features/use-cases/components/steps-section';
import { UseCaseHero } from '@/features/use-cases/components/use-case-hero';
import { useCaseContent } from '@/features/use-cases/content/registry';
import type { Section } from '@/features/use-cases/content/types';
import { useDocumentMeta } from '@/lib/use-document-meta';

export function UseCasePage({ slug }: { slug: UseCaseSlug }) {
  const content = useCaseContent[slug];
  useDocumentMeta(content.meta.title, content.meta.description);

  const [sampleOpen, setSampleOpen] = useState(false);
  const [revealRequest, setRevealRequest] = useState(0);
  const sampleId = content.sections.find((s) => s.kind === 'sample-call')?.id;
  const openSample = () => {
    setSampleOpen(true);
    setRevealRequest((n) => n + 1);
  };

  const renderSection = (section: Section, muted: boolean) => {
    switch (section.kind) {
      case 'problem':
        return <ProblemSection section={section} muted={muted} />;
      case 'steps':
        return <StepsSection section={section} muted={muted} />;
      case 'benefits':
        return <BenefitsSection section={section} muted={muted} />;
      case 'roi':
        return <RoiTable section={section} muted={muted} />;
      case 'case-study':
        return <CaseStudy section={section} muted={muted} />;
      case 'logos':
        return <LogosStrip section={section} muted={muted} />;
      case 'faq':
        return <FaqSection section={section} muted={muted} />;
      case 'badges':
        return <BadgesStrip section={section} muted={muted} />;
      case 'guarantee':
        return <GuaranteeCard section={section} muted={muted} />;
      case 'pricing-note':
        return <PricingNote section={section} muted={muted} />;
      case 'sample-call':
        return (
          <SampleCallSection
            section={section}
            muted={muted}
            open={sampleOpen}
            onToggle={() => setSampleOpen((open) => !open)}
            revealRequest={revealRequest}
          />
        );
      case 'cta':
        return (
          <CtaSection
            section={section}
            source={`${slug}:${section.id}`}
            onSample={openSample}
            sampleId={sampleId}
          />
        );
      case 'contact':
        return <ContactLine section={section} />;
    }
  };

  const mutedBands = alternateBands(content.sections);

  return (
    <PublicLayout>
      <UseCaseHero
        hero={content.hero}
        source={`${slug}:hero`}
        onSample={openSample}
        sampleId={sampleId}
      />
      {content.sections.map((section, index) => (
        <Fragment key={section.id}>{renderSection(section, mutedBands[index] ?? false)}</Fragment>
      ))}
    </PublicLayout>
  );
}

/** Plain sections alternate white and muted bands; a call-to-action block restarts the rhythm. */
function alternateBands(sections: Section[]): boolean[] {
  let band = 0;
  return sections.map((section) => {
    if (section.kind === 'cta') {
      band = 0;
      return false;
    }
    return band++ % 2 === 1;
  });
}
