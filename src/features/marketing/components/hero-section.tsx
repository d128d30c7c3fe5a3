import { CALL_LANGUAGE_COUNT } from '@contract/call-languages.ts';
import { ArrowRight } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDecorativeMotion } from '@/lib/use-decorative-motion';
import { landingSections } from '../data/landing-sections';

const stats = [
  { value: '<300 ms', label: 'voice response latency' },
  { value: '<60 s', label: 'from request to first ring' },
  { value: String(CALL_LANGUAGE_COUNT), label: 'languages spoken' },
  { value: '99.9%', label: 'uptime target' },
] as const;

/** Each wave drifts a quarter of its width sideways and back, eased both ways. */
const drift: Keyframe[] = [
  { transform: 'translateX(0)', easing: 'ease-in-out' },
  { transform: 'translateX(-25%)', easing: 'ease-in-out' },
  { transform: 'translateX(0)' },
];
/** The three waves, back to front: their own pace, the middle one against the others. */
const waveTimings: KeyframeAnimationOptions[] = [
  { duration: 12_000, iterations: Infinity },
  { duration: 16_000, iterations: Infinity, direction: 'reverse' },
  { duration: 9_000, iterations: Infinity },
];

const driftWaves = (background: HTMLDivElement) =>
  [...background.querySelectorAll(':scope > svg')].map((wave, index) =>
    wave.animate(drift, waveTimings[index]),
  );

/** Layered sine-like waves that drift sideways; purely decorative. */
function WaveBackground() {
  const background = useRef<HTMLDivElement>(null);
  useDecorativeMotion(background, driftWaves);

  return (
    <div
      ref={background}
      aria-hidden
      className="pointer-events-none absolute inset-0 overflow-hidden"
    >
      <div className="absolute inset-0 bg-gradient-to-b from-accent via-background to-background" />
      <svg
        className="absolute bottom-0 left-0 h-48 w-[200%] will-change-transform sm:h-64"
        viewBox="0 0 2880 320"
        preserveAspectRatio="none"
        focusable="false"
      >
        <path
          className="fill-primary/10"
          d="M0 180C240 100 480 260 720 180S1200 100 1440 180 1920 260 2160 180 2640 100 2880 180V320H0Z"
        />
      </svg>
      <svg
        className="absolute bottom-0 left-0 h-40 w-[200%] will-change-transform sm:h-52"
        viewBox="0 0 2880 320"
        preserveAspectRatio="none"
        focusable="false"
      >
        <path
          className="fill-primary/15"
          d="M0 200C180 140 360 260 540 200S900 140 1080 200 1260 260 1440 200 1800 140 1980 200 2340 260 2520 200 2700 140 2880 200V320H0Z"
        />
      </svg>
      <svg
        className="absolute bottom-0 left-0 h-32 w-[200%] will-change-transform sm:h-40"
        viewBox="0 0 2880 320"
        preserveAspectRatio="none"
        focusable="false"
      >
        <path
          className="fill-none stroke-primary/30"
          strokeWidth="3"
          d="M0 160C120 100 240 220 360 160S600 100 720 160 960 220 1080 160 1320 100 1440 160 1680 220 1800 160 2040 100 2160 160 2400 220 2520 160 2760 100 2880 160"
        />
      </svg>
    </div>
  );
}

export function HeroSection() {
  return (
    <section
      id={landingSections.hero}
      aria-labelledby="hero-title"
      className="relative scroll-mt-20 overflow-hidden"
    >
      <WaveBackground />
      <div className="container relative pb-40 pt-16 text-center sm:pb-48 sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background px-4 py-1.5 text-sm font-medium text-accent-foreground">
          <span className="size-2 rounded-full bg-success" aria-hidden />
          Early access is open · Built on MCP
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-foreground sm:text-6xl"
        >
          One API request. <span className="text-primary">One finished phone call.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
          Send a phone number and a goal. Our AI voice agent dials within 60 seconds, holds a
          natural conversation with sub-300 ms replies and real interruptions, and streams the
          status, transcript and summary back to your app as it happens.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.signUp.href}>
              Start now
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.docs.href}>View Docs</Link>
          </Button>
        </div>
        <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
          {stats.map(({ value, label }) => (
            <div key={label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
