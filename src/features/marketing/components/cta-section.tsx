import { ArrowRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FREE_MINUTES } from '@/config/constants';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth/session-context';
import { hasBeenSeen, useViewportEntry } from '@/lib/use-viewport-entry';
import { landingSections } from '../data/landing-sections';
import { FadeInSection } from './fade-in-section';

export function CtaSection() {
  const { user } = useSession();
  const panelRef = useRef<HTMLDivElement>(null);
  const viewed = hasBeenSeen(useViewportEntry(panelRef, 0.2));
  const destination = user ? paths.dashboard.href : paths.signUp.href;

  useEffect(() => {
    if (viewed) track('cta_section_viewed');
  }, [viewed]);

  return (
    <FadeInSection
      id={landingSections.waitlist}
      labelledBy="waitlist-title"
      className="py-20 sm:py-24"
    >
      <div className="container">
        <div
          ref={panelRef}
          className="relative overflow-hidden rounded-3xl bg-primary px-6 py-16 text-center text-primary-foreground shadow-xl sm:px-16"
        >
          <h2 id="waitlist-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Unlock Early Access
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-foreground/90">
            Sign up now to secure your API key and place your first AI phone call today. Your first{' '}
            {FREE_MINUTES} minutes are on us.
          </p>
          <Button asChild size="lg" variant="secondary" className="mt-8">
            <Link to={destination} onClick={() => track('cta_button_clicked', { destination })}>
              Sign up for Early Access
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </FadeInSection>
  );
}
