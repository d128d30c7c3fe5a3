import type { AuthContext, RequestMeta } from './context';
import { newOtp, tokenHash } from './tokens';
import type { Queryable, UserRow } from './users';

export type VerificationType =
  'signup' | 'recovery' | 'email_change' | 'invite' | 'magiclink' | 'email';

const MAIL_FROM = { Name: 'Dialwise', Address: 'no-reply@dialwise.dev' };

/** config.toml's template names (`[auth.email.template.<name>]`) for each kind of link. */
const templateKinds: Record<VerificationType, string> = {
  signup: 'confirmation',
  recovery: 'recovery',
  email_change: 'email_change',
  invite: 'invite',
  magiclink: 'magic_link',
  email: 'magic_link',
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A project's template with GoTrue's variables (`{{ .ConfirmationURL }}` and the rest) filled in,
 * escaped as Go's html/template escapes them in text and attributes.
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? escapeHtml(values[name]!) : whole,
  );
}

/** The plain-text part of an HTML e-mail: its words, and each link's address after its text. */
export function textOf(html: string): string {
  return html
    .replace(/<(head|style)[\s\S]*?<\/\1>/gi, '')
    // `</a\n>` too: formatted markup may break a closing tag before its `>`.
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, '$2: $1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** The e-mails auth sends (GoTrue's templates, or the project's own from config.toml): links with a one-time code, and the reauthentication code. */
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
    const template = config.auth.emailTemplates[templateKinds[type]];
    if (template?.html) {
      const html = renderTemplate(template.html, {
        ConfirmationURL: link,
        Token: otp,
        TokenHash: hash,
        SiteURL: config.auth.siteUrl,
        RedirectTo: redirectTo,
        Email: to,
      });
      mail.deliver({
        from: MAIL_FROM,
        to: [{ Name: '', Address: to }],
        subject: template.subject ?? copy[0],
        text: textOf(html),
        html,
      });
      return;
    }
    mail.deliver({
      from: MAIL_FROM,
      to: [{ Name: '', Address: to }],
      subject: template?.subject ?? copy[0],
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
