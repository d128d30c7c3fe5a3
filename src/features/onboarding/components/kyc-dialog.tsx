import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import type { KycRecord } from '@/lib/kyc';
import {
  businessTypes,
  emptyKyc,
  kycLimits,
  kycSchema,
  type KycInput,
  type KycValues,
} from '../api/kyc-schema';
import { useSaveKyc } from '../api/save-kyc';
import { kycDraft } from '../hooks/use-kyc-draft';

/** What the form starts with: a saved record wins over the draft. */
export function initialKycValues(saved: KycRecord | null | undefined): KycInput {
  if (saved && (saved.legal_name || saved.address || saved.use_case || saved.business_type)) {
    return {
      business_type: saved.business_type ?? '',
      legal_name: saved.legal_name ?? '',
      address: saved.address ?? '',
      use_case: saved.use_case ?? '',
    };
  }
  return kycDraft.read() ?? emptyKyc;
}

/** What the toast says once the details are in: review goes on, the phone comes next. */
export const KYC_SUBMITTED_DESCRIPTION =
  "We'll review your information shortly (status: pending). Next, verify your phone number to place calls.";

const kycFieldLabels: Record<keyof KycInput, string> = {
  business_type: 'Business type',
  legal_name: 'Legal name',
  address: 'Address',
  use_case: 'Use case',
};

/** The labels of the fields still empty, in the form's order. */
export function missingKycFields(values: Partial<KycInput>): string[] {
  return (Object.keys(kycFieldLabels) as (keyof KycInput)[])
    .filter((field) => (values[field] ?? '').trim() === '')
    .map((field) => kycFieldLabels[field]);
}

/**
 * KYC dialog, onboarding step 1: business type, legal name, address, use case.
 * Saving submits the details for review ('pending') and goes to /onboarding-step-2.
 */
export function KycDialog({
  open,
  onOpenChange,
  saved,
  loading = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saved: KycRecord | null | undefined;
  loading?: boolean;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const form = useForm<KycInput, unknown, KycValues>({
    resolver: zodResolver(kycSchema),
    defaultValues: initialKycValues(saved),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = form;
  const values = useWatch({ control });
  const save = useSaveKyc(user?.id);
  const missingId = useId();

  // Reopening restores the saved record, else the draft.
  useEffect(() => {
    if (open) reset(initialKycValues(saved));
  }, [open, saved, reset]);

  // The draft follows every keystroke while the dialog is open.
  useEffect(() => {
    if (open && form.formState.isDirty) kycDraft.write({ ...emptyKyc, ...values });
  }, [open, values, form.formState.isDirty]);

  const missing = missingKycFields(values);
  const submitting = save.isPending;

  const onSubmit = handleSubmit((submitted) =>
    save.mutate(submitted, {
      onSuccess: () => {
        kycDraft.clear();
        toast.success('Submitted!', { description: KYC_SUBMITTED_DESCRIPTION });
        onOpenChange(false);
        navigate(paths.onboardingStep2.href);
      },
      onError: (error) => {
        toast.error('Submission Error', { description: error.message });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Just a couple more things before you start calling</DialogTitle>
          <DialogDescription>Help us verify your details for instant API access.</DialogDescription>
        </DialogHeader>
        <form noValidate aria-label="Your details" onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Business type" error={errors.business_type?.message}>
            <NativeSelect {...register('business_type')}>
              <option value="">Select type</option>
              {businessTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Legal name" error={errors.legal_name?.message}>
            <Input
              autoComplete="organization"
              maxLength={kycLimits.legalName}
              {...register('legal_name')}
            />
          </FormField>
          <FormField label="Address" error={errors.address?.message}>
            <Input
              autoComplete="street-address"
              maxLength={kycLimits.address}
              {...register('address')}
            />
          </FormField>
          <FormField label="Use case" error={errors.use_case?.message}>
            <Textarea rows={3} maxLength={kycLimits.useCase} {...register('use_case')} />
          </FormField>
          {/* Submit stays pressable: pressed early, it names every field still empty. */}
          {missing.length > 0 ? (
            <p id={missingId} className="text-sm text-muted-foreground">
              Still needed: {missing.join(', ')}.
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={submitting || loading}
            aria-describedby={missing.length > 0 ? missingId : undefined}
          >
            {submitting ? 'Submitting...' : 'Submit'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
