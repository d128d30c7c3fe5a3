import { paths } from '@/config/paths';

/** A short help article on /help: found by the search box, read in place, with a page to go on to. */
export type HelpArticle = {
  id: string;
  title: string;
  body: string;
  link: { label: string; href: string };
};

const docs = (section: string) => `${paths.docs.href}#${section}`;

export const helpArticles: readonly HelpArticle[] = [
  {
    id: 'first-call',
    title: 'Place your first call',
    body: 'Sign up, submit your business details (KYC) and verify your phone. Make an API key on the dashboard, then send POST /task with a phone_number and a goal. A test key calls the simulated network for free; the dashboard’s Getting started tab has a request ready to copy.',
    link: { label: 'Quick start', href: docs('quick-start') },
  },
  {
    id: 'kyc-review',
    title: 'Business details (KYC) and review',
    body: 'Calls work as soon as your details are submitted. The review state shows on the dashboard: pending while we review, approved once done. If they are not approved, contact support.',
    link: { label: 'Open the dashboard', href: paths.dashboard.href },
  },
  {
    id: 'test-mode',
    title: 'Test mode and test numbers',
    body: 'A test key (dw_test_) places free calls on a simulated phone network. The number you call chooses what the callee does, so every outcome can be tried without ringing a real phone.',
    link: { label: 'Test mode', href: docs('test-mode') },
  },
  {
    id: 'webhooks',
    title: 'Receive events with webhooks',
    body: 'Pass webhook_url when you create a task and we POST each event to it, signed with your signing secret. Verify the signature before trusting an event; failed deliveries are retried and can be resent.',
    link: { label: 'Webhooks', href: docs('webhooks') },
  },
  {
    id: 'minutes-credits',
    title: 'Free minutes, credits and billing',
    body: 'Every account starts with free minutes. After that calls are paid from prepaid credits, 1 cent a minute. Add credits on the Billing tab; a call settles free minutes first.',
    link: { label: 'Minutes and credits', href: docs('billing') },
  },
  {
    id: 'calling-hours',
    title: 'Calling hours and scheduled calls',
    body: 'Calls ring only within the callee’s local calling window and the state’s rules. A call outside it is scheduled for the next opening, with the reason in scheduled_reason.',
    link: { label: 'Calling rules', href: docs('calling-rules') },
  },
  {
    id: 'batches',
    title: 'Call a list with batches',
    body: 'Upload a spreadsheet or send rows to POST /task/batches. Each row becomes a call with the batch’s defaults; the results download as CSV when the batch ends.',
    link: { label: 'Batches', href: docs('batches') },
  },
  {
    id: 'do-not-call',
    title: 'Do-not-call list and opt-outs',
    body: 'Numbers on your do-not-call list are never called. A callee who asks not to be called again is added for you, and every attempt checks the list before it rings.',
    link: { label: 'Calling rules', href: docs('calling-rules') },
  },
  {
    id: 'errors',
    title: 'Errors and failed calls',
    body: 'Every error answers JSON with a code and a message. A call that fails says why in failure_reason. Rate limits answer 429 with Retry-After.',
    link: { label: 'Errors', href: docs('errors') },
  },
  {
    id: 'password',
    title: 'Reset your password',
    body: 'On the sign-in page choose Forgot password? and enter your e-mail. The link we send signs you in to set a new password; it works once.',
    link: { label: 'Sign in', href: paths.auth.href },
  },
  {
    id: 'status',
    title: 'Is something down?',
    body: 'The status page measures the API, the scheduler and the voice network when you open it, and refreshes every 30 seconds.',
    link: { label: 'System status', href: paths.status.href },
  },
];

/**
 * The articles that contain every word of `query` in their title or body (case and accents
 * ignored), title matches first; every article for an empty query.
 */
export function searchHelpArticles(
  query: string,
  articles: readonly HelpArticle[] = helpArticles,
): HelpArticle[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  const scored = articles
    .map((article) => {
      const title = fold(article.title);
      const text = `${title} ${fold(article.body)}`;
      if (!words.every((word) => text.includes(word))) return null;
      return { article, inTitle: words.filter((word) => title.includes(word)).length };
    })
    .filter((entry) => entry !== null);
  return scored.sort((a, b) => b.inTitle - a.inTitle).map((entry) => entry.article);
}
