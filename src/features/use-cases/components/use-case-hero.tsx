import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ActionButtons } from '@/features/use-cases/components/action-button';
import type { Hero } from '@/features/use-cases/content/types';

type UseCaseHeroProps = {
  hero: Hero;
  source: string;
  onSample: () => void;
  sampleId?: string;
};

export function UseCaseHero({ hero, source, onSample, sampleId }: UseCaseHeroProps) {
  return (
    <section
      aria-labelledby="use-case-title"
      className="relative overflow-hidden border-b bg-gradient-to-b from-accent via-background to-background"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="container relative pb-16 pt-8 sm:pb-24">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={paths.home.href}>
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
        <div className="mt-10 max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">
            {hero.eyebrow}
          </p>
          <h1
            id="use-case-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-foreground sm:text-5xl"
          >
            {hero.title}
          </h1>
          <p className="mt-6 text-lg text-muted-foreground sm:text-xl">{hero.lede}</p>
          <ActionButtons
            actions={hero.actions}
            source={source}
            onSample={onSample}
            sampleId={sampleId}
          />
          {hero.note ? <p className="mt-4 text-sm text-muted-foreground">{hero.note}</p> : null}
        </div>
        {hero.stats?.length ? (
          <dl className="mt-12 grid max-w-4xl gap-6 sm:grid-cols-3">
            {hero.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse gap-1 rounded-lg border bg-card p-5 shadow-sm"
              >
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-primary">{stat.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
