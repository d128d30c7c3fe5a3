import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { attestationFormSchema, type AttestationForm } from '../api/attestation-schema';
import {
  ATTESTABLE_BASES,
  EXEMPTIONS,
  currentAttestation,
  useAttestLegalBasis,
  useAttestations,
  type Exemption,
} from '../api/legal-basis';

/**
 * The account's default legal basis for live calls: an AI voice is an artificial voice in law, so
 * a live call needs the callee's consent or a named exemption. A call that states none of its own
 * rests on what the owner attests here; without it, live calls are refused.
 */
export function LegalBasisCard() {
  const { user } = useSession();
  const history = useAttestations(user?.id);
  const attest = useAttestLegalBasis(user?.id);
  const form = useForm<AttestationForm>({
    resolver: zodResolver(attestationFormSchema),
    defaultValues: { basis: 'prior_express_consent', exemption: '', confirmed: false as never },
  });
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = form;
  const basis = useWatch({ control, name: 'basis' });
  if (!user) return null;
  const current = currentAttestation(history.data);

  const submit = handleSubmit((values) =>
    attest.mutate(
      { basis: values.basis, exemption: (values.exemption || null) as Exemption | null },
      {
        onSuccess: () => {
          toast.success('Your legal basis is recorded.');
          reset();
        },
        onError: (failure) => toast.error(failure.message),
      },
    ),
  );
  const withdraw = () =>
    attest.mutate(
      { basis: 'withdrawn' },
      {
        onSuccess: () => toast.success('Withdrawn: each live call must now state its own basis.'),
        onError: (failure) => toast.error(failure.message),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Legal basis for live calls</CardTitle>
        <CardDescription>
          An AI voice is an artificial voice under the TCPA: a live call needs the callee&apos;s
          prior express consent (written, for marketing) or an exemption the law names. A call that
          sends no consent or exemption of its own uses the basis you attest here. Test calls need
          none.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {history.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : current ? (
          <section aria-label="Current legal basis" className="grid gap-2 rounded-md border p-4">
            <p className="font-medium">
              {ATTESTABLE_BASES.find((b) => b.value === current.basis)?.label}
              {current.exemption
                ? `: ${EXEMPTIONS.find((e) => e.value === current.exemption)?.label}`
                : ''}
            </p>
            <p className="text-sm text-muted-foreground">{current.statement}</p>
            <p className="text-xs text-muted-foreground">
              Attested {formatDateTime(current.attested_at)} ({current.attested_via})
            </p>
            <div>
              <Button variant="outline" size="sm" onClick={withdraw} disabled={attest.isPending}>
                Withdraw
              </Button>
            </div>
          </section>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            No basis attested: live calls must each send consent or an exemption.
          </p>
        )}
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField label="Basis" error={errors.basis?.message}>
            <NativeSelect {...register('basis')}>
              {ATTESTABLE_BASES.map((basis) => (
                <option key={basis.value} value={basis.value}>
                  {basis.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {basis === 'exemption' && (
            <FormField label="Exemption" error={errors.exemption?.message}>
              <NativeSelect {...register('exemption')}>
                <option value="">Choose…</option>
                {EXEMPTIONS.map((exemption) => (
                  <option key={exemption.value} value={exemption.value}>
                    {exemption.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <p className="text-sm text-muted-foreground">
            {ATTESTABLE_BASES.find((b) => b.value === basis)?.hint}
          </p>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" {...register('confirmed')} />
            <span>
              I confirm this is true of every number our live calls reach, and that we keep the
              records that prove it.
            </span>
          </label>
          {errors.confirmed && (
            <p role="alert" className="text-sm text-destructive">
              {errors.confirmed.message}
            </p>
          )}
          <div>
            <Button type="submit" disabled={attest.isPending}>
              Attest
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
