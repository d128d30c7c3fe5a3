import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/session-context';
import { onboardingStep, useKyc } from '@/lib/kyc';
import { onboardingDialogs, useOnboardingDialogRequests } from '@/lib/onboarding-dialog-requests';
import { KycDialog } from './kyc-dialog';
import { PhoneVerificationDialog } from './phone-verification-dialog';

/**
 * The dashboard's onboarding for going live, when asked for (the Live switch, the checklist): no
 * KYC row, or an empty or incomplete status → the KYC dialog; KYC present but the phone
 * unverified → the phone dialog; otherwise nothing. A spinner shows while authentication or KYC
 * loads. The dashboard hides this while a logout is in progress.
 */
export function OnboardingDialogs() {
  const { user, loading: authLoading } = useSession();
  const kyc = useKyc(user?.id);
  const { requested, dismissed } = useOnboardingDialogRequests();

  if (authLoading || (user && kyc.isPending)) {
    return (
      <div className="fixed inset-0 z-40 grid place-items-center bg-background/70">
        <Spinner label="Loading your account..." />
      </div>
    );
  }
  if (!user || kyc.isError) return null;

  const step = onboardingStep(kyc.data);
  // Closing a dialog hides it until the step changes, the checklist asks for it, or a reload.
  const open = (which: string) => requested && step === which && !dismissed.includes(which);
  const close =
    (which: string, alsoHide: string[] = []) =>
    (next: boolean) =>
      onboardingDialogs.dismiss(next ? [] : [which, ...alsoHide]);

  return (
    <>
      {/* A submitted KYC goes on to /onboarding-step-2: the phone dialog must not open here on
          the way out (it did, for a moment, and took what was typed into it along when the page
          replaced it). */}
      <KycDialog open={open('kyc')} onOpenChange={close('kyc', ['phone'])} saved={kyc.data} />
      <PhoneVerificationDialog
        open={open('phone')}
        onOpenChange={close('phone')}
        initialPhone={kyc.data?.phone}
      />
    </>
  );
}
