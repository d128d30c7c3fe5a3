import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { FREE_MINUTES, PRODUCT_NAME, PURCHASE_MAX_USD, PURCHASE_MIN_USD } from '@/config/constants';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { PricingSection } from './pricing-section';

const TITLE = `Pricing · ${PRODUCT_NAME}`;
const DESCRIPTION = `${PRODUCT_NAME} pricing: 1¢ per minute with the first ${FREE_MINUTES} minutes free, or custom Enterprise plans with on-premises deployment and SLAs.`;

const notes = [
  {
    title: 'How billing works',
    body: `Minutes are drawn from prepaid credits (1 dollar = 1 credit), topped up between $${PURCHASE_MIN_USD} and $${PURCHASE_MAX_USD} at a time from your dashboard.`,
  },
  {
    title: 'What counts as a minute',
    body: 'Each call is settled on whole minutes, rounded up, when it ends; a call transferred to a person counts until our side of it ends, the transferred leg included. Minutes held while a call is live are released if it ends early; test-mode calls are free.',
  },
  {
    title: 'Free minutes',
    body: `Every account starts with ${FREE_MINUTES} free minutes, used before any credits are drawn.`,
  },
];

export function PricingPage() {
  useDocumentMeta(TITLE, DESCRIPTION);
  return (
    <PublicLayout>
      <PricingSection headingLevel="h1" />
      <section aria-labelledby="pricing-notes-title" className="pb-20 sm:pb-24">
        <div className="container max-w-4xl">
          <h2 id="pricing-notes-title" className="text-2xl font-bold tracking-tight">
            Pricing details
          </h2>
          <dl className="mt-6 grid gap-6 md:grid-cols-3">
            {notes.map(({ title, body }) => (
              <div key={title} className="rounded-xl border bg-card p-6">
                <dt className="font-semibold text-foreground">{title}</dt>
                <dd className="mt-2 text-sm text-muted-foreground">{body}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-sm text-muted-foreground">
            Questions about volume or compliance?{' '}
            <Link
              to={paths.contact.href}
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              Talk to sales
            </Link>
            .
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
