import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { prefersReducedMotion } from '@/lib/scroll-to-section';
import { testimonials } from '../data/testimonials';
import { TestimonialCard } from './testimonial-card';

export function TestimonialsCarousel() {
  const [reduceMotion] = useState(prefersReducedMotion);
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'center' });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Testimonials" className="h-full">
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-6 flex touch-pan-y">
          {testimonials.map((testimonial, index) => (
            <div
              key={testimonial.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${testimonials.length}`}
              aria-hidden={index !== selected}
              inert={index !== selected}
              data-selected={index === selected ? 'true' : 'false'}
              className="min-w-0 shrink-0 grow-0 basis-full pl-6"
            >
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous testimonial"
          onClick={() => api?.scrollPrev(reduceMotion)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <div className="flex gap-2">
          {testimonials.map((testimonial, index) => (
            <button
              key={testimonial.id}
              type="button"
              aria-label={`Show testimonial ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => api?.scrollTo(index, reduceMotion)}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden
                className={cn(
                  'block size-2.5 rounded-full transition-colors',
                  index === selected ? 'bg-primary' : 'bg-input',
                )}
              />
            </button>
          ))}
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next testimonial"
          onClick={() => api?.scrollNext(reduceMotion)}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
