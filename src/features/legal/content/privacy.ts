import { CONTACT_EMAIL, PRODUCT_NAME } from '@/config/constants';
import type { LegalDocument } from '@/features/legal/content/types';

/*
 * Retention (section "data-retention"). Two rules must both hold: "transcripts and metadata
 * up to 30 days, no audio stored" and "recordings kept 30 days for schools, 90 days for
 * freight and pet care". We state one rule set in which both hold:
 * - No audio is stored by default (the API returns `recording_url: null`); recordings exist
 *   only where a customer turns recording on for a vertical product, and then carry that
 *   vertical's retention (30 days schools, 90 days freight and pet care, configurable), as
 *   the use-case pages promise.
 * - "Call metadata" appears twice in the retention rules (30 days, and 24 months with KYC). We read the
 *   30-day figure as call content (the goal, context and metadata a customer attaches to a
 *   task, kept alongside the transcript) and the 24-month figure as call detail records
 *   needed for billing, fraud prevention and TCPA record-keeping (number called, time,
 *   duration, status, cost), and name the two separately so they never contradict.
 */
export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  metaDescription: `How ${PRODUCT_NAME} collects, uses, shares and retains personal information, including call transcripts and recordings, and how to exercise your privacy rights.`,
  dateLabel: 'Effective',
  date: '2026-11-27',
  intro: [
    `This Privacy Policy explains how ${PRODUCT_NAME} ("we", "us") handles personal information when you visit our website, create an account, use our dashboard or API, and when our AI voice agent places calls on behalf of our customers.`,
  ],
  sections: [
    {
      id: 'scope',
      title: 'Who we are and what this policy covers',
      body: [
        `${PRODUCT_NAME} provides an AI outbound phone-call service for businesses and developers. For account, verification, billing and website data, we decide how personal information is used and are responsible for it. For the calls our customers ask us to place, the customer decides whom to call and why; we process the information of the people called on the customer\u2019s behalf and under the customer\u2019s instructions (see section 4).`,
      ],
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: [
        'We collect the following categories of personal information:',
        {
          list: [
            'Account information: your e-mail address, password (stored only as a secure hash) and account settings, including your phone agent preferences.',
            'Identity verification (KYC) information: business type, legal name, address and intended use case, and the phone number you verify with a one-time code.',
            'Billing information: your credit purchases and balance. Card payments are handled by our card payment provider; we do not receive or store your full card number.',
            'Call data: the phone numbers, goals, context and metadata you send with a task; the resulting status, outcome, transcript and summary; call detail records such as the time, duration and cost of each call; and, only where you enable it, call recordings.',
            'Technical information: IP address, browser and device information, API request logs and error reports, and product analytics events about how the website and dashboard are used.',
            'Communications: messages you send us, for example through the contact form or by e-mail.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How we use information',
      body: [
        'We use personal information to:',
        {
          list: [
            'provide the Service: place calls, run the AI voice agent, and return status, transcripts and summaries to you;',
            'verify your identity and phone number, and prevent fraud, abuse and unlawful calling;',
            'process payments, hold and settle call costs, and keep accounting records;',
            'secure, debug and improve the Service, and measure how it is used;',
            'communicate with you about your account, changes to our terms and policies, and, where you have agreed, product news;',
            'comply with the law and enforce our Terms of Service.',
          ],
        },
        'We do not sell personal information.',
      ],
    },
    {
      id: 'call-recipients',
      title: 'People we call on behalf of our customers',
      body: [
        'When our AI voice agent calls someone, it does so at the request of one of our customers, who is responsible for having that person\u2019s consent to be called under the Telephone Consumer Protection Act (TCPA) and other applicable laws. Calls are US only.',
        'If you received a call from our voice agent and have questions about how your information is used, or want to stop receiving calls, please contact the business that called you. You may also write to us, and we will pass your request on to that business promptly.',
        'You can also stop calls during the call itself: say that you do not want to be called again, in any language, or press 9. Your number is then added to that business’s do-not-call list with us, kept for as long as the business’s account exists, and no call of that business waiting for your number is placed. We keep the number, the call in which you asked and when, only to honour your request.',
      ],
    },
    {
      id: 'sharing',
      title: 'How we share information',
      body: [
        'We share personal information only with:',
        {
          list: [
            'service providers who process it for us under contract: cloud hosting and database providers, telephone carriers, speech and language model providers, our card payment provider, e-mail and SMS delivery providers, and our product analytics provider;',
            'the customer on whose behalf a call was placed, who receives the call\u2019s status, transcript, summary and any recording, including through webhooks and tools the customer configures;',
            'authorities or other parties where the law requires it, or where needed to protect the rights, safety or property of our users, the public or us;',
            'a buyer or successor in a merger, acquisition or sale of assets, who will remain bound by this policy.',
          ],
        },
      ],
    },
    {
      id: 'data-retention',
      title: 'Data retention',
      body: [
        'We keep personal information only as long as we need it for the purposes above:',
        {
          list: [
            'Call transcripts and call metadata (the goal, context and metadata attached to a task, the agent\u2019s opening sentence and voicemail message, the transcript, the summary and the structured result): kept for up to 30 days, then deleted. Thirty days after a call ends (seven days after a test call on our simulated network) this content is overwritten in our systems, including the transcript lines in the call\u2019s event log; the call record below stays. No audio is stored by default.',
            'Call recordings, only where a customer enables recording for a vertical solution: retained 30 days for school attendance calls and 90 days for freight check-in and pet care calls. The customer can configure a different retention period.',
            'KYC data and call metadata needed for billing, fraud prevention and compliance records (number called, time, duration, status and cost), and your credit purchases: 24 months. A call record is deleted 24 months after the call; once you close your account, your KYC data, call records and purchases are kept 24 months after closing, then deleted.',
            'Account data (your login, profile, phone agent settings, API keys, webhook signing secret and do-not-call list): kept while your account is active plus 60 days after it is closed, then deleted.',
            'Opt-outs and legal bases, because telemarketing law asks for them: a called person\u2019s request not to be called again (the number, the call and when, and for a request made on our stop-calls page, the IP address it came from) is kept 5 years after it was made, whatever becomes of the account, so it can be honoured and proven (the Telemarketing Sales Rule keeps opt-outs for 5 years); the legal basis a customer attested for its live calls is kept 5 years after the account closes, the limitation period of claims about those calls (4 years under the TCPA, with a margin); the record of a marketing call, and of any call made on a consent the customer recorded (the call record above and the consent: who gave it, for which number, when, how, and where the proof is kept), is kept 5 years after the call, whatever becomes of the account, because the Telemarketing Sales Rule keeps telemarketing records for 5 years and claims about a call can be brought for 4.',
            'Technical logs: 30 days (API request logs, webhook delivery logs, text messages sent to our number, phone verification codes, and the IP address a contact request came from).',
            'Whether an e-mail address or phone number has had the free minutes: the first 100 minutes are free once per person, so when an account is closed we keep a one-way hash of its e-mail address and of its verified phone number, and nothing else about it. The hash cannot be turned back into the address or number; it only lets us see that a later account with the same e-mail address or phone number has had the free minutes already (such an account can still buy credits). We keep these hashes for as long as we offer free minutes.',
          ],
        },
        'We may keep information longer where the law requires it or to resolve a dispute, and we delete or anonymise it when the period ends.',
      ],
    },
    {
      id: 'security',
      title: 'Security',
      body: [
        'We protect personal information with encryption in transit and at rest, access controls that limit each user to their own data, hashed passwords and API keys that can be revoked at any time. No method of transmission or storage is perfectly secure, but we work to protect your information and will notify you and the authorities of a data breach as the law requires.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights and choices',
      body: [
        'Depending on where you live, you may have the right to know what personal information we hold about you, to receive a copy of it, to correct it, to delete it, and to opt out of its sale or sharing (we do not sell or share it for cross-context behavioural advertising). You can view and update much of your information in the dashboard.',
        'In the dashboard, Profile \u2192 \u201cDownload my data\u201d gives you a copy of everything we hold about your account as a JSON file (API keys shown masked, secrets left out), and \u201cDelete account\u201d closes it: you are signed out everywhere at once, your API keys stop working, calls not yet made are canceled and webhooks stop, and your data is deleted on the schedule above. You may also ask for either by e-mail.',
        `California residents have these rights under the California Consumer Privacy Act (CCPA), as amended. You or an authorised agent may make a request by e-mail to ${CONTACT_EMAIL}. We will verify your identity and answer California requests within 45 days; if we need more time, we will tell you why. We will not discriminate against you for exercising your rights.`,
        'You can unsubscribe from marketing e-mails at any time using the link in each message.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      body: [
        'The Service is intended for adults: account holders must be 18 or older. We do not serve children under 13 and do not knowingly collect personal information from them. If you believe a child under 13 has given us personal information, contact us and we will delete it.',
      ],
    },
    {
      id: 'changes-and-contact',
      title: 'Where we process data, changes and contact',
      body: [
        'We process and store personal information in the United States. If you access the Service from elsewhere, your information is transferred to the United States.',
        'We may update this Privacy Policy. For material changes we will give you at least 30 days\u2019 notice by e-mail or in the dashboard before they take effect, and the date at the top of this page shows when it took effect.',
        `For questions or requests about privacy, contact us at ${CONTACT_EMAIL}.`,
      ],
    },
  ],
};
