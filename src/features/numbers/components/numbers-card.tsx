import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api/api-error';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime, formatUsd } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  addNumberFormSchema,
  verifyCodeSchema,
  type AddNumberForm,
  type AddNumberRequest,
} from '../api/add-number-schema';
import { useAddNumber } from '../api/add-number';
import { useNumbers, type PhoneNumber } from '../api/list-numbers';
import { useReleaseNumber } from '../api/release-number';
import { useSetDefaultNumber } from '../api/set-default-number';
import { useSetLocalPresence } from '../api/set-local-presence';
import { useVerifyNumber } from '../api/verify-number';
import { InboundAgentForm } from './inbound-agent-form';

const SOURCES: Record<PhoneNumber['source'], string> = {
  purchased: 'Bought here',
  imported: 'From your Twilio',
  verified: 'Your caller ID',
};

/**
 * The account's own numbers: the number its live calls show (the default, or the one a call
 * names). Buy one here, bring one from Twilio, or verify a number you already answer.
 */
export function NumbersCard() {
  const { user } = useSession();
  const numbers = useNumbers(user?.id);
  if (!user) return null;
  const list = numbers.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Numbers</CardTitle>
        <CardDescription>
          Your live calls show your default number (or the one a call names in from_number), so
          callees see a number they can recognise and call back. Test calls show a fictional number.
          Until you add one, your first live call makes the phone you verified at sign-up your
          caller ID; calls back to it ring you. Buy or bring a number to have your agent answer
          them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {numbers.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : numbers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {numbers.error.message}
          </p>
        ) : list.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            No active numbers. Live calls need one: add one below (an account that never had a
            number gets its verified phone on its first live call).
          </p>
        ) : (
          <ul aria-label="Your numbers" className="grid gap-3">
            {list.map((number) => (
              <NumberRow key={number.id} number={number} userId={user.id} />
            ))}
          </ul>
        )}
        {numbers.data ? (
          <LocalPresenceToggle userId={user.id} enabled={numbers.data.local_presence} />
        ) : null}
        <AddNumberForm userId={user.id} note={numbers.data?.pricing.note} />
      </CardContent>
    </Card>
  );
}

function LocalPresenceToggle({ userId, enabled }: { userId: string; enabled: boolean }) {
  const setLocalPresence = useSetLocalPresence(userId);
  // What was asked shows at once, until the list is read again with the saved value.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id="local-presence"
        type="checkbox"
        className="mt-1 size-4"
        aria-describedby="local-presence-note"
        checked={asked ?? enabled}
        disabled={setLocalPresence.isPending}
        onChange={(event) => {
          setAsked(event.target.checked);
          setLocalPresence.mutate(event.target.checked, {
            onSuccess: (saved) =>
              toast.success(saved.enabled ? 'Local presence is on.' : 'Local presence is off.'),
            onError: (failure) => toast.error(failure.message),
            onSettled: () => setAsked(null),
          });
        }}
      />
      <div>
        <label htmlFor="local-presence" className="font-medium">
          Local presence
        </label>
        <p id="local-presence-note" className="text-muted-foreground">
          A call that names no number shows your number in the callee&apos;s area code when you have
          one there, else your default.
        </p>
      </div>
    </div>
  );
}

function NumberRow({ number, userId }: { number: PhoneNumber; userId: string }) {
  const setDefault = useSetDefaultNumber(userId);
  const release = useReleaseNumber(userId);
  const [confirming, setConfirming] = useState(false);
  const busy = setDefault.isPending || release.isPending;
  return (
    <li className="grid gap-2 rounded-md border p-4" aria-label={number.phone_number}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-medium">{number.phone_number}</span>
        {number.label ? <span className="text-sm">{number.label}</span> : null}
        {number.is_default ? <Badge variant="success">Default</Badge> : null}
        {number.status === 'pending_verification' ? (
          <Badge variant="outline">Waiting for its code</Badge>
        ) : null}
        <Badge variant="secondary">{SOURCES[number.source]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {number.monthly_price_usd > 0
          ? `${formatUsd(number.monthly_price_usd)} a month, paid through ${formatDateTime(number.paid_through)}`
          : 'No monthly charge'}
      </p>
      {number.status === 'pending_verification' ? (
        <VerifyCodeForm number={number} userId={userId} />
      ) : null}
      {number.status === 'active' && number.source !== 'verified' ? (
        <details className="rounded-md border p-3">
          <summary className="cursor-pointer text-sm font-medium">
            When someone calls {number.phone_number}
          </summary>
          <div className="mt-3">
            <InboundAgentForm number={number} userId={userId} />
          </div>
        </details>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {number.status === 'active' && !number.is_default ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              setDefault.mutate(number.id, {
                onSuccess: () => toast.success(`${number.phone_number} is now your default.`),
                onError: (failure) => toast.error(failure.message),
              })
            }
          >
            Make default
          </Button>
        ) : null}
        {confirming ? (
          <>
            <Button
              size="sm"
              variant="destructive"
              disabled={busy}
              onClick={() =>
                release.mutate(number.id, {
                  onSuccess: () => toast.success(`${number.phone_number} was released.`),
                  onError: (failure) => toast.error(failure.message),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              Release {number.phone_number} for good
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
            Release
          </Button>
        )}
      </div>
    </li>
  );
}

function VerifyCodeForm({ number, userId }: { number: PhoneNumber; userId: string }) {
  const verify = useVerifyNumber(userId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(verifyCodeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(({ code }) =>
    verify.mutate(
      { id: number.id, code },
      {
        onSuccess: () => toast.success(`${number.phone_number} is verified.`),
        onError: (failure) => setError('code', { message: failure.message }),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <FormField label={`Code texted to ${number.phone_number}`} error={errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" {...register('code')} />
      </FormField>
      <Button type="submit" size="sm" disabled={verify.isPending}>
        Verify
      </Button>
    </form>
  );
}

function AddNumberForm({ userId, note }: { userId: string; note?: string }) {
  const add = useAddNumber(userId);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddNumberForm, unknown, AddNumberRequest>({
    resolver: zodResolver(addNumberFormSchema),
    defaultValues: { type: 'purchase', area_code: '', label: '' },
  });
  const type = useWatch({ control, name: 'type' });
  // Each kind of number has fields of its own; the errors are keyed by the union's members.
  const fieldError = (name: string) =>
    (errors as Record<string, { message?: string } | undefined>)[name]?.message;

  const submit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (number) => {
        toast.success(
          number.status === 'pending_verification'
            ? `We texted a code to ${number.phone_number}. Enter it above.`
            : `${number.phone_number} is yours.`,
        );
        reset({ type: values.type, label: '' } as AddNumberForm);
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.field : undefined;
        if (field && ['area_code', 'phone_number', 'label'].includes(field))
          setError(field as 'label', { message: failure.message });
        else toast.error(failure.message);
      },
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a number"
      className="grid gap-4 rounded-md border p-4"
    >
      <h3 className="font-medium">Add a number</h3>
      <FormField label="How">
        <NativeSelect {...register('type')}>
          <option value="purchase">Buy a number</option>
          <option value="twilio">Bring a number from my Twilio account</option>
          <option value="caller_id">Verify a number I already answer (caller ID)</option>
        </NativeSelect>
      </FormField>
      {type === 'purchase' ? (
        <>
          <FormField
            label="Area code"
            error={fieldError('area_code')}
            hint="Callees pick up a local number more often. Empty: any area code."
          >
            <Input inputMode="numeric" maxLength={3} {...register('area_code')} />
          </FormField>
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        </>
      ) : (
        <FormField label="Number" error={fieldError('phone_number')} hint="Like +14155550123">
          <Input type="tel" autoComplete="tel" {...register('phone_number')} />
        </FormField>
      )}
      {type === 'twilio' ? (
        <>
          <FormField label="Twilio Account SID" error={fieldError('twilio_account_sid')}>
            <Input autoComplete="off" {...register('twilio_account_sid')} />
          </FormField>
          <FormField
            label="Twilio Auth Token"
            error={fieldError('twilio_auth_token')}
            hint="Passed to the voice provider to place calls from the number; we do not keep it."
          >
            <Input type="password" autoComplete="off" {...register('twilio_auth_token')} />
          </FormField>
        </>
      ) : null}
      {type === 'caller_id' ? (
        <p className="text-sm text-muted-foreground">
          We text a 6-digit code to the number; entering it proves you answer it. Calls back to a
          caller ID ring your own line, not our agent.
        </p>
      ) : null}
      <FormField label="Label (optional)" error={fieldError('label')}>
        <Input {...register('label')} />
      </FormField>
      <div>
        <Button type="submit" disabled={add.isPending}>
          {type === 'purchase'
            ? 'Buy the number'
            : type === 'twilio'
              ? 'Bring the number'
              : 'Text me a code'}
        </Button>
      </div>
    </form>
  );
}
