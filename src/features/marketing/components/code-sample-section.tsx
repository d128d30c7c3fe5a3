import { ArrowRight, Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTabKeyboard } from '@/lib/use-tab-keyboard';
import { codeSamples } from '../data/code-samples';
import { landingSections } from '../data/landing-sections';
import { FadeInSection } from './fade-in-section';

const highlights = [
  'POST a phone number and a goal; the call starts within 60 seconds.',
  'Read status and transcription from the response, or stream events and webhooks live.',
  'Idempotency keys, automatic retries and a guaranteed final status built in.',
];

function CodeTabs() {
  const [active, setActive] = useState(0);
  const { tabRef, onKeyDown } = useTabKeyboard(codeSamples.length, active, setActive);

  return (
    <div className="overflow-hidden rounded-2xl border bg-foreground text-background shadow-xl">
      <div
        role="tablist"
        aria-label="Example language"
        className="flex gap-1 border-b border-background/15 px-3 pt-3"
      >
        {codeSamples.map((sample, index) => (
          <button
            key={sample.id}
            ref={tabRef(index)}
            type="button"
            role="tab"
            id={`code-tab-${sample.id}`}
            aria-selected={index === active}
            aria-controls={`code-panel-${sample.id}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={onKeyDown}
            className={cn(
              'rounded-t-md px-4 py-2 text-sm font-medium transition-colors',
              index === active
                ? 'bg-background/15 text-background'
                : 'text-background/75 hover:text-background',
            )}
          >
            {sample.label}
          </button>
        ))}
        <span className="ml-auto self-center pb-2 font-mono text-xs text-background/75">
          POST /functions/v1/task
        </span>
      </div>
      {codeSamples.map((sample, index) => (
        <div
          key={sample.id}
          role="tabpanel"
          id={`code-panel-${sample.id}`}
          aria-labelledby={`code-tab-${sample.id}`}
          hidden={index !== active}
          // Scrollable region: focusable so keyboard users can scroll long lines.
          tabIndex={0}
          className="overflow-x-auto p-5"
        >
          <pre className="font-mono text-[13px] leading-relaxed">
            <code>{sample.code}</code>
          </pre>
        </div>
      ))}
    </div>
  );
}

export function CodeSampleSection() {
  return (
    <FadeInSection id={landingSections.code} labelledBy="code-title" className="py-20 sm:py-24">
      <div className="container grid items-center gap-12 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Developers</p>
          <h2
            id="code-title"
            className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          >
            Integrate in Seconds
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            One endpoint places the call, runs the conversation and hands back the result. Ask it to
            wait and the same response carries the outcome.
          </p>
          <ul className="mt-6 grid gap-3">
            {highlights.map((item) => (
              <li key={item} className="flex items-start gap-3 text-foreground">
                <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.signUp.href}>
              Start now
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <CodeTabs />
      </div>
    </FadeInSection>
  );
}
