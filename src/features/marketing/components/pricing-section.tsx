import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { landingSections } from '../data/landing-sections';
import { pricingPlans } from '../data/pricing-plans';
import { FadeInSection } from './fade-in-section';

type PricingSectionProps = {
  /** 'h1' when the section is the page itself (/pricing); plan names sit one level below. */
  headingLevel?: 'h1' | 'h2';
};

export function PricingSection({ headingLevel = 'h2' }: PricingSectionProps) {
  const Heading = headingLevel;
  const PlanHeading = headingLevel === 'h1' ? 'h2' : 'h3';

  return (
    <FadeInSection
      id={landingSections.pricing}
      labelledBy="pricing-title"
      className="py-20 sm:py-24"
    >
      <div className="container">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Pricing</p>
          <Heading
            id="pricing-title"
            className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          >
            Pay for minutes, not seats
          </Heading>
          <p className="mt-4 text-lg text-muted-foreground">
            Start free, pay per minute as you grow, and talk to us when you need your own
            deployment.
          </p>
        </div>
        <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          {pricingPlans.map((plan) => (
            <li
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              data-testid={`plan-${plan.id}`}
              className={cn(
                'flex flex-col rounded-2xl border bg-card p-8',
                plan.highlighted ? 'border-primary shadow-lg ring-1 ring-primary' : 'shadow-sm',
              )}
            >
              <PlanHeading id={`plan-${plan.id}`} className="text-xl font-semibold text-foreground">
                {plan.name}
              </PlanHeading>
              <p className="mt-4 text-4xl font-extrabold tracking-tight text-foreground">
                {plan.price}
              </p>
              <p className="mt-1 text-sm font-semibold text-primary">{plan.priceNote}</p>
              <p className="mt-4 text-sm text-muted-foreground">{plan.summary}</p>
              <ul className="mt-6 grid flex-1 gap-3 text-sm" aria-label={`${plan.name} features`}>
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2 text-foreground">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                asChild
                size="lg"
                variant={plan.highlighted ? 'default' : 'outline'}
                className="mt-8 w-full"
              >
                <Link to={plan.cta.href}>{plan.cta.label}</Link>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </FadeInSection>
  );
}
