import type { AuthContext, RequestMeta } from './context';
import { newOtp, tokenHash } from './tokens';
import type { Queryable, UserRow } from './users';

export type VerificationType =
  'signup' | 'recovery' | 'email_change' | 'invite' | 'magiclink' | 'email';

const MAIL_FROM = { Name: 'Dialwise', Address: 'no-reply@dialwise.dev' };

/** The e-mails auth sends (GoTrue's templates): links with a one-time code, and the reauthentication code. */
export function createMailer({ config, mail, issuer, checkEmailRate }: AuthContext) {
  function sendLinkEmail(
    to: string,
    type: VerificationType,
    hash: string,
    otp: string,
    redirectTo: string,
  ) {
    const link = `${issuer}/verify?token=${hash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
    const copy: [string, string, string] = {
      signup: [
        'Confirm Your Signup',
        'Follow this link to confirm your user:',
        'Confirm your mail',
      ],
      recovery: [
        'Reset Your Password',
        'Follow this link to reset the password for your user:',
        'Reset Password',
      ],
      email_change: [
        'Confirm Change of Email',
        'Follow this link to confirm the update of your email:',
        'Change Email',
      ],
      invite: [
        'You have been invited',
        'Follow this link to accept the invite:',
        'Accept the invite',
      ],
      magiclink: ['Your Magic Link', 'Follow this link to login:', 'Log In'],
      email: ['Your Magic Link', 'Follow this link to login:', 'Log In'],
    }[type] as [string, string, string];
    mail.deliver({
      from: MAIL_FROM,
      to: [{ Name: '', Address: to }],
      subject: copy[0],
      text: `${copy[1]}\n\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
      html: `<h2>${copy[0]}</h2><p>${copy[1]}</p><p><a href="${link}">${copy[2]}</a></p><p>Alternatively, enter the code: ${otp}</p>`,
    });
  }

  /**
   * GoTrue's sendEmailChange: a link to the new address and, with `double_confirm_changes`
   * (secure e-mail change), one to the current address too; both must be followed.
   */
  async function sendEmailChange(
    db: Queryable,
    user: UserRow,
    newEmail: string,
    redirectTo: string,
    meta: RequestMeta,
  ) {
    checkEmailRate(user.email_change_sent_at, meta);
    const otpNew = newOtp();
    const hashNew = tokenHash(newEmail, otpNew);
    const current =
      config.auth.doubleConfirmChanges && user.email
        ? (() => {
            const otp = newOtp();
            return { email: user.email, otp, hash: tokenHash(user.email, otp) };
          })()
        : null;
    await db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3,
         email_change_token_current = $4, email_change_confirm_status = 0, email_change_sent_at = now()
       where id = $1`,
      [user.id, newEmail, hashNew, current?.hash ?? ''],
    );
    if (current)
      sendLinkEmail(current.email, 'email_change', current.hash, current.otp, redirectTo);
    sendLinkEmail(newEmail, 'email_change', hashNew, otpNew, redirectTo);
  }

  function sendReauthenticationCode(to: string, otp: string) {
    mail.deliver({
      from: MAIL_FROM,
      to: [{ Name: '', Address: to }],
      subject: 'Confirm reauthentication',
      text: `Enter the code: ${otp}\n`,
      html: `<h2>Confirm reauthentication</h2><p>Enter the code: ${otp}</p>`,
    });
  }

  return { sendLinkEmail, sendEmailChange, sendReauthenticationCode };
}

export type Mailer = ReturnType<typeof createMailer>;
