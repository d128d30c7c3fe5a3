import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';
import { LevelBars } from './level-bars';

/** A call as the API returns it: what was said, then the summary. Written for this page. */
const sampleTurns = [
  {
    speaker: 'Agent',
    text: 'Hi, this is the assistant for Bright Smiles Dental. Am I speaking with Maria?',
  },
  { speaker: 'Callee', text: 'Yes, this is Maria.' },
  { speaker: 'Agent', text: 'You have a cleaning tomorrow at 3 pm. Can you still make it?' },
  { speaker: 'Callee', text: 'Could we do Thursday instead?' },
  { speaker: 'Agent', text: 'Thursday at 3 pm is free. I have moved you there. See you then!' },
] as const;

export function DemoSection() {
  return (
    <FadeInSection id={landingSections.demo} labelledBy="demo-title" className="py-20 sm:py-24">
      <div className="container">
        <SectionHeading
          id="demo-title"
          eyebrow="Demo"
          title="Hear an agent book, confirm and follow up"
          description="One request starts the call. A minute later your app has the outcome, the full transcript and a summary it can act on."
        />
        <figure className="mx-auto mt-12 max-w-4xl">
          <div className="overflow-hidden rounded-2xl border bg-foreground p-6 text-background shadow-xl sm:p-8">
            <div className="flex h-16 items-center justify-center">
              <LevelBars />
            </div>
            <ol aria-label="Sample transcript" className="mt-6 grid gap-3 text-sm">
              {sampleTurns.map((turn, index) => (
                <li key={index} className="grid gap-1 sm:grid-cols-[5rem_1fr]">
                  <span className="font-semibold opacity-70">{turn.speaker}</span>
                  <span>{turn.text}</span>
                </li>
              ))}
            </ol>
            <p className="mt-6 rounded-lg bg-background/10 p-3 text-sm">
              <span className="font-semibold">Summary:</span> Maria moved her cleaning to Thursday
              at 3 pm. Outcome: rescheduled.
            </p>
          </div>
          <figcaption className="mt-4 text-center text-sm text-muted-foreground">
            <span className="font-semibold text-foreground">A sample call</span> · an appointment
            confirmation, as the API returns it. Place one yourself with a free test key.
          </figcaption>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={paths.signUp.href}>Try a free test call</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`${paths.docs.href}#quick-start`}>Read the quick start</Link>
            </Button>
          </div>
        </figure>
      </div>
    </FadeInSection>
  );
}
