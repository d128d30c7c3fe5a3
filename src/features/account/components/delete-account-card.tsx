import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api/api-error';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountSchema, type DeleteAccountValues } from '../api/delete-account-schema';

/**
 * Profile: closing the account, behind a dialog that asks for the account's e-mail. Closing
 * stops sign-in, API keys, calls and webhooks at once; the data is erased on the schedule of the
 * privacy policy. The user is signed out and told.
 */
export function DeleteAccountCard() {
  const { user, signOut } = useSession();
  const [open, setOpen] = useState(false);
  if (!user?.email) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Close your account for good: you are signed out everywhere, your API keys stop working and
          calls not yet made are canceled.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open ? (
            <DeleteAccountForm
              email={user.email}
              onCancel={() => setOpen(false)}
              signOut={signOut}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DeleteAccountForm({
  email,
  onCancel,
  signOut,
}: {
  email: string;
  onCancel: () => void;
  signOut: () => Promise<{ error: string | null }>;
}) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema(email)),
    defaultValues: { confirm: '' },
  });

  const onSubmit = handleSubmit((values) =>
    remove.mutate(values.confirm, {
      onSuccess: async () => {
        // The server revoked every session already; this clears this browser's copy.
        await signOut();
        navigate(paths.home.href, { replace: true });
        toast.success('Your account is closed', {
          description: 'You have been signed out. We erase your data as our privacy policy says.',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field === 'confirm')
          setError('confirm', { message: error.message });
        else toast.error('Could not delete your account', { description: error.message });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone.</DialogDescription>
      </DialogHeader>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
        <li>You are signed out on every device and cannot sign in again.</li>
        <li>Your API key stops working, calls not yet made are canceled and webhooks stop.</li>
        <li>
          Unused credits are forfeited: as our{' '}
          <Link to={`${paths.terms.href}#fees-and-billing`} className="text-primary underline">
            terms
          </Link>{' '}
          say, credits are not refundable. Questions?{' '}
          <Link to={paths.contact.href} className="text-primary underline">
            Contact us
          </Link>{' '}
          before you delete.
        </li>
        <li>
          Your account data is erased 60 days after closing; KYC details and call records (number,
          time, duration, status, cost) 24 months after, as our{' '}
          <Link to={`${paths.privacy.href}#data-retention`} className="text-primary underline">
            privacy policy
          </Link>{' '}
          says. Download your data first if you want a copy.
        </li>
      </ul>
      <FormField label={`Type ${email} to confirm`} error={errors.confirm?.message}>
        <Input type="email" autoComplete="off" {...register('confirm')} />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
