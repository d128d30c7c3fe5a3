import { useNavigate } from 'react-router-dom';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { PhoneVerification } from './phone-verification';

export const phoneVerificationCopy = {
  title: 'Verify your phone',
  description: 'We will text you a 5-digit code to confirm the number your account calls from.',
} as const;

/**
 * The phone verification dialog over the dashboard. The flow mounts afresh on every
 * opening, which resets the step, code, timer and resend count and prefills the phone from KYC.
 */
export function PhoneVerificationDialog({
  open,
  onOpenChange,
  initialPhone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialPhone: string | null | undefined;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{phoneVerificationCopy.title}</DialogTitle>
          <DialogDescription>{phoneVerificationCopy.description}</DialogDescription>
        </DialogHeader>
        {open ? (
          <PhoneVerification
            variant="dialog"
            initialPhone={initialPhone}
            onVerified={() => {
              onOpenChange(false);
              navigate(paths.dashboard.href);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
