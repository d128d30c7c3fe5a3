import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import {
  OTP_LENGTH,
  OTP_MAX_RESENDS,
  OTP_RESEND_SECONDS,
  PHONE_SUCCESS_REDIRECT_MS,
} from '@/config/constants';
import { useSession } from '@/lib/auth/session-context';
import { useCheckVerificationCode } from '../api/check-verification-code';
import { onboardingKeys } from '../api/query-keys';
import { useSendVerificationCode } from '../api/send-verification-code';
import { ApiError, type ApiErrorCode } from '@/lib/api/api-error';
import {
  countryCodes,
  formatPhone,
  fromE164,
  isValidPhone,
  phoneCountries,
  phoneProblem,
  toE164,
  type CountryCode,
} from '../lib/phone-countries';

/** Inline and toast texts (docs/product-rules.md#ui-messages). */
export const phoneTexts = {
  sendFailed: 'Send failed. Try again.',
  sendException: 'Failed to send. Try later.',
  sendToast: { dialog: 'Failed to send code.', page: 'Failed to send verification code.' },
  incorrect: 'Incorrect code. Try again.',
  checkException: 'Failed to verify. Try again.',
} as const;

/** Messages the functions return that say more than the generic texts (limits, taken numbers). */
const specificCodes = new Set<ApiErrorCode>([
  'invalid_phone',
  'phone_taken',
  'kyc_required',
  'too_many_sends',
  'too_many_attempts',
  'code_expired',
]);

type Step = 'phone' | 'code';

/**
 * Phone verification: step 1 phone entry (US or IL), step 2 the 5-digit code
 * with a 60 s resend countdown and at most 3 resends. The same flow serves the dashboard dialog,
 * /onboarding-step-2 and /verify-phone. Mounting starts afresh (reset), prefilled from KYC.
 */
export function PhoneVerification({
  initialPhone,
  variant,
  onVerified,
  tickMs = 1000,
}: {
  /** The KYC row's phone (E.164), if any. */
  initialPhone: string | null | undefined;
  variant: 'dialog' | 'page';
  /** Called about 0.8 s after a successful check (close, go to /dashboard). */
  onVerified: () => void;
  /** Length of one countdown second (tests may shorten it). */
  tickMs?: number;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const prefill = fromE164(initialPhone);
  const [step, setStep] = useState<Step>('phone');
  const [country, setCountry] = useState<CountryCode>(prefill.country);
  const [phone, setPhone] = useState(prefill.phone);
  const [sentTo, setSentTo] = useState<{ e164: string; formatted: string } | null>(null);
  const [code, setCode] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [sends, setSends] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const send = useSendVerificationCode();
  const check = useCheckVerificationCode();
  const ids = useId();
  const onVerifiedRef = useRef(onVerified);
  useEffect(() => {
    onVerifiedRef.current = onVerified;
  }, [onVerified]);

  const selected = phoneCountries[country];
  const resends = Math.max(0, sends - 1);
  const limitReached = resends >= OTP_MAX_RESENDS;

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((n) => n - 1), tickMs);
    return () => window.clearTimeout(timer);
  }, [countdown, tickMs]);

  // About 0.8 s after success: refetch the KYC row the function wrote (the function updates the row
  // itself, so the browser only refetches), then close and go to /dashboard.
  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(async () => {
      if (user) {
        try {
          await queryClient.refetchQueries(
            { queryKey: onboardingKeys.kyc(user.id) },
            { throwOnError: true },
          );
        } catch {
          toast.error('Error', { description: 'Failed to update verification status.' });
        }
      }
      onVerifiedRef.current();
    }, PHONE_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [verified, user, queryClient]);

  function sendCode(target: { e164: string; formatted: string }) {
    setError(null);
    send.mutate(target.e164, {
      onSuccess: () => {
        setSentTo(target);
        setStep('code');
        setCode('');
        setCountdown(OTP_RESEND_SECONDS);
        setSends((n) => n + 1);
        toast.success('Code sent!', { description: 'Please check your phone.' });
      },
      onError: (e) => {
        const rejected = e instanceof ApiError && !e.unanswered;
        const specific = rejected && specificCodes.has(e.code) && e.message ? e.message : null;
        setError(specific ?? (rejected ? phoneTexts.sendFailed : phoneTexts.sendException));
        // A refused send is shown inline and as a toast; an exception only inline.
        if (rejected)
          toast.error(phoneTexts.sendToast[variant], specific ? { description: specific } : {});
      },
    });
  }

  function verify() {
    if (!sentTo) return;
    setError(null);
    check.mutate(
      { phone: sentTo.e164, code },
      {
        onSuccess: () => {
          setVerified(true);
          toast.success('Phone verified!');
        },
        onError: (e) => {
          if (!(e instanceof ApiError) || e.unanswered) {
            setError(phoneTexts.checkException);
            return;
          }
          if (specificCodes.has(e.code) && e.message) {
            setError(e.message);
            toast.error('Incorrect code', { description: e.message });
            return;
          }
          setError(phoneTexts.incorrect);
          toast.error('Incorrect code', { description: 'Try again.' });
        },
      },
    );
  }

  const errorId = `${ids}-error`;
  const inlineError = error ? (
    <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;

  if (step === 'phone') {
    const valid = isValidPhone(phone, country);
    const problem = phoneProblem(phone, country);
    return (
      <form
        noValidate
        aria-label="Send a verification code"
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !send.isPending)
            sendCode({ e164: toE164(phone, country), formatted: `${selected.prefix} ${phone}` });
        }}
      >
        {/* The country column takes its select's own width, so "United States (+1)" shows whole;
            on a narrow screen the two fields stack. */}
        <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
          <FormField label="Country">
            <NativeSelect
              value={country}
              onChange={(event) => {
                const next = event.target.value as CountryCode;
                setCountry(next);
                setPhone((current) => formatPhone(current, next));
              }}
            >
              {countryCodes.map((c) => (
                <option key={c} value={c}>
                  {phoneCountries[c].name} ({phoneCountries[c].prefix})
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Phone number" hint={problem ?? undefined}>
            <Input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={selected.placeholder}
              value={phone}
              onChange={(event) => setPhone(formatPhone(event.target.value, country))}
            />
          </FormField>
        </div>
        {inlineError}
        <Button type="submit" disabled={!valid || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Code'}
        </Button>
      </form>
    );
  }

  const resendLabel =
    countdown > 0 ? `Resend in ${countdown}s` : limitReached ? 'Limit reached' : 'Resend SMS';
  return (
    <form
      noValidate
      aria-label="Enter the verification code"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === OTP_LENGTH && !check.isPending && !verified) verify();
      }}
    >
      <p className="text-sm text-muted-foreground">
        We sent a {OTP_LENGTH}-digit code to{' '}
        <span className="font-medium text-foreground">{sentTo?.formatted}</span>.
      </p>
      <FormField label="Verification code">
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{5}"
          maxLength={OTP_LENGTH}
          placeholder="12345"
          value={code}
          aria-errormessage={error ? errorId : undefined}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
        />
      </FormField>
      {inlineError}
      <Button type="submit" disabled={code.length !== OTP_LENGTH || check.isPending || verified}>
        {check.isPending ? 'Verifying...' : verified ? 'Verified' : 'Verify'}
      </Button>
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setStep('phone');
            setError(null);
          }}
        >
          Change number
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={countdown > 0 || limitReached || send.isPending || verified}
          onClick={() => sentTo && sendCode(sentTo)}
        >
          {resendLabel}
        </Button>
      </div>
    </form>
  );
}
