import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CAROUSEL_INTERVAL_MS } from '@/config/constants';
import { cn } from '@/lib/cn';
import { prefersReducedMotion } from '@/lib/scroll-to-section';
import { carouselCards } from '../data/carousel-cards';

export function UseCaseCarousel() {
  const [reduceMotion] = useState(prefersReducedMotion);
  const [plugins] = useState(() =>
    reduceMotion
      ? []
      : [
          Autoplay({
            delay: CAROUSEL_INTERVAL_MS,
            stopOnInteraction: true,
            stopOnMouseEnter: true,
          }),
        ],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'center' }, plugins);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(!reduceMotion);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    api.on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
      api.off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [api]);

  const step = useCallback(
    (direction: 1 | -1) => {
      if (!api) return;
      // A deliberate choice by the visitor ends the automatic rotation.
      api.plugins().autoplay?.stop();
      if (direction === 1) api.scrollNext(reduceMotion);
      else api.scrollPrev(reduceMotion);
    },
    [api, reduceMotion],
  );

  const togglePlaying = () => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Use case examples"
      // Busy until the carousel engine has started: its buttons do nothing before.
      aria-busy={api ? undefined : true}
      className="flex h-full flex-col"
    >
      <div ref={viewportRef} className="flex-1 overflow-hidden">
        <div className="-ml-4 flex h-full touch-pan-y py-4">
          {carouselCards.map(({ title, description, href, icon: Icon }, index) => {
            const isSelected = index === selected;
            const content = (
              <>
                <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-foreground">{title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{description}</p>
                <span
                  aria-hidden
                  className={cn(
                    'mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary',
                    !isSelected && 'invisible',
                  )}
                >
                  Explore <ArrowRight className="size-4" />
                </span>
              </>
            );
            const cardClass = cn(
              'flex h-full flex-col rounded-2xl border p-6 transition duration-300 motion-reduce:transition-none',
              isSelected
                ? 'scale-100 border-primary/50 bg-card shadow-lg'
                : 'scale-95 bg-muted/50 shadow-sm',
            );
            return (
              <div
                key={title}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${carouselCards.length}: ${title}`}
                data-selected={isSelected ? 'true' : 'false'}
                className="min-w-0 shrink-0 grow-0 basis-[85%] pl-4 sm:basis-1/2 lg:basis-1/3"
              >
                {isSelected ? (
                  <Link to={href} className={cardClass}>
                    {content}
                  </Link>
                ) : (
                  <div className={cardClass}>{content}</div>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous use case"
          onClick={() => step(-1)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        {reduceMotion ? null : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={playing ? 'Pause automatic rotation' : 'Resume automatic rotation'}
            onClick={togglePlaying}
          >
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          </Button>
        )}
        <Button variant="outline" size="icon" aria-label="Next use case" onClick={() => step(1)}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
