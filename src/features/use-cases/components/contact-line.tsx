import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '@/config/constants';
import { paths } from '@/config/paths';
import type { ContactSection } from '@/features/use-cases/content/types';

export function ContactLine({ section }: { section: ContactSection }) {
  return (
    <section id={section.id} aria-label="Contact" className="border-t py-10">
      <p className="container flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-muted-foreground">
        <Mail aria-hidden="true" className="h-4 w-4" />
        <span>{section.text}</span>
        <span>
          Write to{' '}
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {CONTACT_EMAIL}
          </a>{' '}
          or use our{' '}
          <Link
            to={paths.contact.href}
            className="font-semibold text-primary underline underline-offset-4"
          >
            contact form
          </Link>
          .
        </span>
      </p>
    </section>
  );
}
