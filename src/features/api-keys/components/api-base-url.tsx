import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { API_BASE_URL } from '@/config/api';
import { toast } from '@/lib/toast';

/**
 * The API base URL this deployment answers on (hosted, or the local stack with its port offset),
 * with a copy button: where the key is used, and what every snippet in /docs starts with.
 */
export function ApiBaseUrl() {
  const labelId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(API_BASE_URL);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Copy failed: select the address and copy it by hand');
    }
  };
  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm text-muted-foreground">
        API base URL
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-labelledby={labelId} className="break-all font-mono text-sm">
          {API_BASE_URL}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy URL
        </Button>
      </div>
    </div>
  );
}
