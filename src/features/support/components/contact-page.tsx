import { Mail } from 'lucide-react';
import { PublicLayout } from '@/components/layout/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CONTACT_EMAIL, PRODUCT_NAME } from '@/config/constants';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { ContactForm } from './contact-form';

/** /contact: the enterprise sales form. */
export function ContactPage() {
  useDocumentMeta(
    `Contact Enterprise Sales | ${PRODUCT_NAME}`,
    `Talk to the ${PRODUCT_NAME} team about enterprise plans, on-premises deployment and SLAs.`,
  );
  return (
    <PublicLayout>
      <div className="container max-w-3xl py-16">
        <header className="mb-8">
          <h1 className="text-4xl font-bold tracking-tight">Contact Enterprise Sales</h1>
          <p className="mt-3 text-lg text-muted-foreground">
            Tell us about your call volumes and integrations. We usually reply within one business
            day.
          </p>
        </header>
        <Card>
          <CardHeader>
            <CardTitle>Your details</CardTitle>
            <CardDescription>All fields are required except the phone number.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Mail aria-hidden="true" className="size-4" />
          Prefer e-mail? Write to{' '}
          <a className="font-medium text-primary underline" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
        </p>
      </div>
    </PublicLayout>
  );
}
