import { CheckCircle2 } from 'lucide-react';
import { PublicLayout } from '@/components/layout/public-layout';
import { Badge } from '@/components/ui/badge';
import { PRODUCT_NAME } from '@/config/constants';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { incidents, UPTIME_LABEL } from '../content/incidents';
import { IncidentTable } from './incident-table';

/** /status: overall health, uptime badge and the last 30 days of incidents. */
export function StatusPage() {
  useDocumentMeta(
    `System Status | ${PRODUCT_NAME}`,
    `Current health of the ${PRODUCT_NAME} calling platform and its incident history.`,
  );
  return (
    <PublicLayout>
      <div className="container max-w-5xl py-16">
        <section
          aria-labelledby="status-heading"
          className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-4">
            <CheckCircle2 aria-hidden="true" className="mt-1 size-8 shrink-0 text-success" />
            <div>
              <h1 id="status-heading" className="text-3xl font-bold tracking-tight">
                All Systems Operational
              </h1>
              <p className="mt-1 text-muted-foreground">No active incidents in the last 72 hours</p>
            </div>
          </div>
          <Badge variant="success" size="lg" className="self-start sm:self-center">
            {UPTIME_LABEL}
          </Badge>
        </section>

        <section aria-labelledby="incidents-heading" className="mt-12">
          <h2 id="incidents-heading" className="text-xl font-semibold">
            Incident history
          </h2>
          <p className="mb-4 mt-1 text-sm text-muted-foreground">Last 30 days</p>
          <IncidentTable incidents={incidents} caption="Incidents in the last 30 days" />
        </section>
      </div>
    </PublicLayout>
  );
}
