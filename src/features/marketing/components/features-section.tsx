import { Check } from 'lucide-react';
import { features } from '../data/features';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';

export function FeaturesSection() {
  return (
    <FadeInSection
      id={landingSections.features}
      labelledBy="features-title"
      className="bg-muted-soft py-20 sm:py-24"
    >
      <div className="container">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="A phone agent that behaves like your best caller"
          description="Everything between your API request and a finished conversation is handled for you."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, description, points, icon: Icon }) => (
            <li key={title} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-foreground">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
              <ul className="mt-4 grid gap-2 text-sm text-foreground">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </FadeInSection>
  );
}
