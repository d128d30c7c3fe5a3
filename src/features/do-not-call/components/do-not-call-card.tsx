import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboardMode } from '@/lib/api/dashboard-mode';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { formatPhone, toUsE164 } from '@/lib/us-phone-number';
import {
  LIST_SHOWN,
  useAddDoNotCall,
  useDoNotCallList,
  useRemoveDoNotCall,
  useUploadDoNotCall,
  type DoNotCallEntry,
} from '../api/do-not-call';
import { parseDoNotCallCsv } from '../api/do-not-call-csv';

const SOURCE_LABEL: Record<DoNotCallEntry['source'], string> = {
  callee: 'Callee asked',
  account: 'Added by you',
};

/**
 * The account's do-not-call list: numbers a callee asked, during a call, not to be called again
 * (kept for good) and numbers the account added itself (removable). Calls to any of them are
 * refused from every entry point (403 do_not_call).
 */
export function DoNotCallCard() {
  const { user } = useSession();
  const scope = { userId: user?.id, livemode: useDashboardMode() === 'live' };
  const list = useDoNotCallList(scope);
  const add = useAddDoNotCall(scope);
  const remove = useRemoveDoNotCall(scope);
  const upload = useUploadDoNotCall(scope);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [uploadNote, setUploadNote] = useState<{ ok: boolean; text: string } | undefined>();

  if (!user) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const e164 = toUsE164(phone);
    if (!e164 || !/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(e164)) {
      setError('Enter a US number: 10 digits like 415-555-0100, or +1 and 10 digits.');
      return;
    }
    setError(undefined);
    // The new row is the confirmation.
    add.mutate(e164, {
      onSuccess: () => setPhone(''),
      onError: (failure) => setError(failure.message),
    });
  };

  const uploadFile = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseDoNotCallCsv(await file.text());
    if (parsed.badCount > 0) {
      const lines = parsed.bad.map((b) => `line ${b.line} (${b.value || 'empty'})`).join(', ');
      setUploadNote({
        ok: false,
        text: `${parsed.badCount} line(s) are not US numbers, e.g. ${lines}. Fix them and upload again; nothing was added.`,
      });
      return;
    }
    if (parsed.tooMany || parsed.numbers.length === 0) {
      setUploadNote({
        ok: false,
        text: parsed.tooMany
          ? 'A file may hold at most 100,000 numbers. Split it and upload each part.'
          : 'The file holds no numbers.',
      });
      return;
    }
    setUploadNote(undefined);
    upload.mutate(parsed.numbers, {
      onSuccess: (result) =>
        setUploadNote({
          ok: true,
          text: `${result.added.toLocaleString('en-US')} added, ${result.already_listed.toLocaleString('en-US')} already on your list. Waiting calls to them were canceled.`,
        }),
      onError: (failure) => setUploadNote({ ok: false, text: failure.message }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Do Not Call</CardTitle>
        <CardDescription>
          Numbers your calls never go to. A person who asks during a call not to be called again is
          added for good; numbers you add yourself can be removed.
          {scope.livemode
            ? null
            : ' This is the test list: it holds back test calls only, and live calls never read it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <div className="min-w-64 flex-1">
            <FormField label="Phone number" error={error}>
              <Input
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                placeholder="415-555-0100"
                inputMode="tel"
                autoComplete="off"
              />
            </FormField>
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add number'}
          </Button>
        </form>

        <div className="grid gap-2">
          <FormField
            label="Upload a CSV of numbers"
            hint="One number per line, or a column headed phone_number; up to 100,000 numbers. We do not check the National Do Not Call Registry for you: upload the numbers you must not call."
          >
            <Input
              type="file"
              accept=".csv,text/csv,text/plain"
              disabled={upload.isPending}
              onChange={(event) => {
                void uploadFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </FormField>
          {upload.isPending ? <p className="text-sm text-muted-foreground">Uploading...</p> : null}
          {uploadNote ? (
            <p
              role={uploadNote.ok ? 'status' : 'alert'}
              className={uploadNote.ok ? 'text-sm' : 'text-sm text-destructive'}
            >
              {uploadNote.text}
            </p>
          ) : null}
        </div>

        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.isError ? (
          <p className="text-sm text-destructive">{list.error.message}</p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No numbers on your do-not-call list.</p>
        ) : (
          <div className="overflow-x-auto">
            {list.data.length >= LIST_SHOWN ? (
              <p className="pb-2 text-sm text-muted-foreground">
                Showing the newest {LIST_SHOWN} numbers.
              </p>
            ) : null}
            <table className="w-full text-sm">
              <caption className="sr-only">Your do-not-call list</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Number
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Source
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Added
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((entry) => (
                  <tr key={entry.phone_number} className="border-t">
                    <td className="py-2 pr-4 font-mono">{formatPhone(entry.phone_number)}</td>
                    <td className="py-2 pr-4">
                      <Badge variant={entry.source === 'callee' ? 'destructive' : 'outline'}>
                        {SOURCE_LABEL[entry.source]}
                      </Badge>
                    </td>
                    <td className="py-2 pr-4">{formatDateTime(entry.created_at)}</td>
                    <td className="py-2 text-right">
                      {entry.source === 'account' ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={remove.isPending}
                          aria-label={`Remove ${formatPhone(entry.phone_number)}`}
                          onClick={() =>
                            remove.mutate(entry.phone_number, {
                              onError: (failure) => toast.error(failure.message),
                            })
                          }
                        >
                          Remove
                        </Button>
                      ) : (
                        <span className="text-xs text-muted-foreground">Kept for good</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
