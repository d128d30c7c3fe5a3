import { Mail, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL, COPYRIGHT_YEAR, PRODUCT_NAME } from '@/config/constants';
import { paths, sectionIds } from '@/config/paths';
import { Logo } from './logo';
import { SectionLink } from './section-link';

const ABOUT_ID = 'about';

const socialLinks = [
  {
    label: `${PRODUCT_NAME} on GitHub`,
    href: 'https://github.com/dialwise',
    path: 'M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57l-.02-2.23c-3.34.73-4.04-1.41-4.04-1.41-.55-1.39-1.33-1.76-1.33-1.76-1.09-.74.08-.73.08-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1.01-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22l-.01 3.29c0 .32.21.7.82.58A12 12 0 0 0 12 .3',
  },
  {
    label: `${PRODUCT_NAME} on X`,
    href: 'https://x.com/dialwise',
    path: 'M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.59-6.64 7.59H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93Zm-1.29 19.5h2.04L6.49 3.24H4.3l13.31 17.41Z',
  },
  {
    label: `${PRODUCT_NAME} on LinkedIn`,
    href: 'https://www.linkedin.com/company/dialwise',
    path: 'M20.45 20.45h-3.55v-5.57c0-1.33-.03-3.04-1.85-3.04-1.86 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z',
  },
] as const;

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-4 grid gap-3">{children}</ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="border-t bg-muted/50">
      <div className="container grid gap-10 py-12 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div id={ABOUT_ID} className="max-w-sm space-y-4">
          <Link
            to={paths.home.href}
            aria-label={`${PRODUCT_NAME} home`}
            className="inline-block rounded-md"
          >
            <Logo />
          </Link>
          <p className="text-sm text-muted-foreground">
            {PRODUCT_NAME} builds AI voice agents that place real phone calls for software: one API
            request in, a finished conversation, transcript and summary out.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {socialLinks.map(({ label, href, path }) => (
              <li key={href}>
                <a
                  href={href}
                  aria-label={label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-5 fill-current"
                    aria-hidden
                    focusable="false"
                  >
                    <path d={path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Product">
          <Column title="Product">
            <li>
              <SectionLink section={sectionIds.demo} className={linkClass}>
                Demo
              </SectionLink>
            </li>
            <li>
              <SectionLink section={sectionIds.features} className={linkClass}>
                Features
              </SectionLink>
            </li>
            <li>
              <SectionLink section={sectionIds.useCases} className={linkClass}>
                Use Cases
              </SectionLink>
            </li>
            <li>
              <SectionLink section={sectionIds.pricing} className={linkClass}>
                Pricing
              </SectionLink>
            </li>
            <li>
              <Link to={paths.docs.href} className={linkClass}>
                Docs
              </Link>
            </li>
          </Column>
        </nav>

        <nav aria-label="Company">
          <Column title="Company">
            <li>
              <a href={`#${ABOUT_ID}`} className={linkClass}>
                About Us
              </a>
            </li>
            <li>
              <Link to={paths.contact.href} className={linkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to={paths.status.href} className={linkClass}>
                Status
              </Link>
            </li>
            <li>
              <Link to={paths.help.href} className={linkClass}>
                Help Center
              </Link>
            </li>
          </Column>
        </nav>

        <div>
          <Column title="Legal & contact">
            <li>
              <Link to={paths.privacy.href} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms.href} className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={paths.stopCalls.href} className={linkClass}>
                Stop calls to my number
              </Link>
            </li>
            <li>
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                className={`${linkClass} inline-flex items-center gap-2`}
              >
                <Mail className="size-4" aria-hidden />
                {CONTACT_EMAIL}
              </a>
            </li>
            <li className="inline-flex items-center gap-2 text-sm text-muted-foreground">
              <MapPin className="size-4" aria-hidden />
              San Francisco, CA
            </li>
          </Column>
        </div>
      </div>
      <div className="border-t">
        <p className="container py-6 text-sm text-muted-foreground">
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
