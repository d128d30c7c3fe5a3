import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCaseLinks } from '@/components/layout/use-case-links';
import { PRODUCT_NAME } from '@/config/constants';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';

export function UseCasesSection() {
  return (
    <FadeInSection
      id={landingSections.useCases}
      labelledBy="use-cases-title"
      className="bg-muted-soft py-20 sm:py-24"
    >
      <div className="container">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Use cases"
          title={`What can you build with ${PRODUCT_NAME}?`}
          description="Teams trigger calls with an API request or a text message and get a transcript and recording back. A few of the jobs they hand over:"
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {useCaseLinks.map(({ slug, title, description, href, icon: Icon }) => (
            <li key={slug}>
              <Link
                to={href}
                className="group flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold text-foreground">{title}</h3>
                <p className="mt-1 flex-1 text-sm text-muted-foreground">{description}</p>
                <span
                  aria-hidden
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary"
                >
                  Learn more
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </FadeInSection>
  );
}
