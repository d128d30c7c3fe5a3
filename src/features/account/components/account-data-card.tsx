import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useExportAccountData } from '../api/export-account-data';

/** Profile: the right to a copy, as one JSON file of everything held about the account. */
export function AccountDataCard() {
  const exportData = useExportAccountData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          A JSON file with everything we hold about your account: profile, KYC details, settings,
          API keys (masked), webhook deliveries, calls with their events, purchases and your
          do-not-call list.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          disabled={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onError: (error) =>
                toast.error('Could not download your data', { description: error.message }),
            })
          }
        >
          <Download aria-hidden />
          {exportData.isPending ? 'Preparing…' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}
