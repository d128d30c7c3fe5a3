import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';
import { invokeFunction } from '@/lib/api/invoke-function';
import { accountWording } from './account-wording';

/** GET /functions/v1/account/export as the signed-in user: everything held about the account. */
export function exportAccountData(): Promise<Record<string, unknown>> {
  return invokeFunction<Record<string, unknown>>('account/export', {
    method: 'GET',
    wording: accountWording,
  });
}

/** The export's file name: dialwise-account-<date of the export>.json. */
export function exportFileName(data: Record<string, unknown>, today = new Date()): string {
  const at = typeof data.exported_at === 'string' ? data.exported_at : today.toISOString();
  return `dialwise-account-${at.slice(0, 10)}.json`;
}

/** Hands the export to the browser as a JSON file download. */
export function saveJsonFile(data: unknown, fileName: string) {
  downloadFile(fileName, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

export function useExportAccountData() {
  return useMutation({
    mutationFn: async () => {
      const data = await exportAccountData();
      saveJsonFile(data, exportFileName(data));
    },
  });
}
