import {
  CONTACT_EMAIL,
  FREE_MINUTES,
  PRICE_PER_MINUTE_USD,
  PRODUCT_NAME,
} from '@/config/constants';
import type { LegalDocument } from '@/features/legal/content/types';

const centsPerMinute = Math.round(PRICE_PER_MINUTE_USD * 100);
const perMinutePrice = `${centsPerMinute} cent${centsPerMinute === 1 ? '' : 's'} per minute`;

export const terms: LegalDocument = {
  title: 'Terms of Service',
  metaDescription: `The terms that govern your use of ${PRODUCT_NAME}: eligibility, consent to call, acceptable use, billing, liability and termination.`,
  dateLabel: 'Last updated',
  date: '2026-11-27',
  intro: [
    `These Terms of Service ("Terms") are an agreement between you and ${PRODUCT_NAME} ("${PRODUCT_NAME}", "we", "us") about your use of our website, dashboard, application programming interface (API), MCP endpoint and AI voice agent (together, the "Service"). Please read them carefully: they include a limit on our liability and your responsibility for the calls you ask us to place.`,
  ],
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of these Terms',
      body: [
        'By creating an account, generating an API key or otherwise using the Service, you accept these Terms and our Privacy Policy. If you use the Service on behalf of a company or other organisation, you confirm that you are authorised to bind it, and "you" means that organisation.',
        'If you do not agree to these Terms, do not use the Service.',
      ],
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: [
        'You must be 18 years of age or older and able to form a binding contract to create an account or use the Service.',
        'The Service is not directed to children, and we do not serve children under 13. You must not use the Service to collect personal information from children under 13 or to place calls that target them.',
      ],
    },
    {
      id: 'accounts-and-verification',
      title: 'Accounts, identity (KYC) and phone verification',
      body: [
        'Before you can use the dashboard or place calls, you must complete our identity verification ("know your customer" or KYC) by giving your business type, legal name, address and intended use case, and you must verify a phone number by entering the one-time code we send to it.',
        'You agree that the information you give us is accurate and complete and that you will keep it up to date. We may refuse, suspend or revoke access if verification fails, if information is false or misleading, or if we cannot verify it. Post office boxes are not accepted as an address.',
        'You are responsible for everything that happens under your account. Keep your password secret and tell us at once if you suspect unauthorised use.',
      ],
    },
    {
      id: 'the-service',
      title: 'The Service',
      body: [
        'The Service lets you send a phone number and a goal, by API or by text message from your verified phone, and have our AI voice agent place the call, pursue the goal and return the status, transcript and a summary to you.',
        'Calls are US only: the Service places calls only to telephone numbers in the United States (country code +1). Requests to call numbers outside the United States are refused.',
        'The AI voice agent generates speech and decisions automatically. It may misunderstand a call recipient, fail to reach its goal or make mistakes. You are responsible for reviewing results before relying on them, and you must not use the Service where an error could cause death, injury or serious harm, including to place emergency calls.',
        'Some features are offered as early access or beta. They may change or be withdrawn, and they are provided without any service commitment.',
      ],
    },
    {
      id: 'api-keys',
      title: 'API keys',
      body: [
        'API keys identify your account to the Service. Every request made with your API key is treated as made by you, and the calls it places are charged to your account.',
        'Keep your API keys confidential. Store them on your servers, never in a web page, mobile app or public code repository. If a key may have been exposed, revoke it and generate a new one in the dashboard straight away. We may revoke a key we believe to be compromised.',
        'You must not share API keys with third parties, sell access to them, or use them to exceed or avoid rate limits.',
      ],
    },
    {
      id: 'consent-to-call',
      title: 'Consent to call and calling laws',
      body: [
        'You decide whom the Service calls and why, and you are solely responsible for having every consent the law requires before you ask us to call someone. This includes the prior express consent, or prior express written consent for telemarketing, that the Telephone Consumer Protection Act (TCPA) requires for calls that use an artificial or prerecorded voice, and any consent required by state law.',
        'You must also:',
        {
          list: [
            'honour the National Do Not Call Registry, state do-not-call lists and your own internal do-not-call list, and stop calling anyone who asks not to be called again;',
            'call only at times permitted by law in the recipient\u2019s time zone;',
            'make sure each call identifies you, the business on whose behalf it is made, and its purpose, and discloses that the caller is an automated AI agent where the law requires it;',
            'obtain the consent of every party before enabling call recording where the law requires all-party consent;',
            'comply with every other law that applies to your calls, including healthcare, debt collection, insurance and consumer protection rules.',
          ],
        },
        'We may ask you to show evidence of consent. You agree to keep records of consent for as long as the law requires and to provide them to us on request.',
      ],
    },
    {
      id: 'what-we-enforce',
      title: 'What the Service enforces, and what remains your duty',
      body: [
        'Some calling rules are built into the Service and cannot be switched off:',
        {
          list: [
            'calls ring only between 8 a.m. and 9 p.m. in every time zone of the number’s area code (47 CFR 64.1200(c)(1)), and within the stricter hours of the callee’s state where our rule table has them (Florida, Oklahoma, Maryland and Washington end at 8 p.m.); a call outside them waits for the next permitted time;',
            'at most three calls from your account to a number in any 24 hours where the state caps them (Florida, Oklahoma, Maryland); a further call waits until one leaves the 24 hours;',
            'a callee who asks not to be called again, by voice in any call language or by pressing 9, is added to your do-not-call list for good, the call ends, and every call of yours still waiting for that number is canceled;',
            'a number on your do-not-call list is never called from any entry point.',
          ],
        },
        'These rules apply to every call, whatever its purpose, and POST /task/check and the API documentation list each with its source. They are a floor, not legal advice: the state of a number is inferred from its area code, and our table covers only the states it lists.',
        'What remains your duty: we do not query the National Do Not Call Registry or any state do-not-call registry. Scrub your lists against them and upload the numbers you must not call to your do-not-call list (CSV, up to 100,000 numbers at a time, or POST /task/do-not-call). Obtaining and keeping the consent each call needs, and the rules of states our table does not cover, also remain yours.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: [
        'You must not use the Service, or allow anyone else to use it, to:',
        {
          list: [
            'place calls without the consent described in section 6, or make robocalls, spam or unsolicited marketing calls;',
            'harass, threaten, deceive or defraud anyone, or impersonate a person, a government agency or another business;',
            'spoof caller ID or hide your identity;',
            'collect payment card numbers, passwords or other sensitive credentials over the phone, unless your use case has been approved by us in writing;',
            'call emergency services, or numbers that are premium-rate, toll-free test lines or otherwise abusive of the telephone network;',
            'break any law, or infringe anyone\u2019s rights, including privacy and intellectual property rights;',
            'probe, scan or attack the Service, get around its security or rate limits, or interfere with other customers;',
            'copy, resell or build a competing service from the Service, except through the API as documented.',
          ],
        },
        'We may review calls, transcripts and usage to enforce this section, and we may stop a call in progress that we reasonably believe breaks it.',
      ],
    },
    {
      id: 'fees-and-billing',
      title: 'Fees, credits and billing',
      body: [
        `The Developer plan is pay-as-you-go. The first ${FREE_MINUTES} minutes of calls on each account are free; after that, calls cost ${perMinutePrice} (USD), counted in whole minutes and rounded up. Enterprise plans are priced by separate agreement.`,
        'Calls are paid from prepaid credits. You buy credits through our card payment provider, at the rate of 1 dollar = 1 credit; credits are added to your account immediately after successful payment. When a call is accepted we hold enough credits to cover its maximum duration, and when it ends we charge the minutes actually used and release the rest of the hold. If your balance is too low to cover a call, the call is refused.',
        'Billing is monthly via a card payment provider: each month we issue a statement of your purchases and usage, and any amount not covered by credits (for example, under an Enterprise plan) is charged to your card on file. By providing a card you authorise us and our payment provider to charge it for the amounts due.',
        'Prices exclude taxes; you are responsible for any sales, use or similar taxes, other than taxes on our income. Unless the law requires otherwise, fees and unused credits are not refundable.',
        'Late payments bear interest at 1.5% per month, or the highest rate the law allows if that is lower, from the due date until paid. We may also suspend the Service after notice while an amount is overdue.',
        'We may change our prices by giving you at least 30 days\u2019 notice. New prices apply from the start of the next billing period after the notice period ends.',
      ],
    },
    {
      id: 'your-data',
      title: 'Your data and privacy',
      body: [
        'You keep all rights in the phone numbers, goals, context, metadata and other content you send to the Service and in the transcripts and summaries we return to you ("Customer Data"). You grant us a licence to use Customer Data only to provide, secure and improve the Service, to comply with the law and as described in our Privacy Policy.',
        'For calls you place, you act as the business responsible for the personal information of the people you call, and we process it on your behalf. Our Privacy Policy explains what we collect and how long we keep it, including transcripts, call metadata and any recordings.',
        'If you send us protected health information, you must first sign a business associate agreement with us, and you must not send it through features that are not covered by that agreement.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property and feedback',
      body: [
        `The Service, including its software, voice agent, documentation and brand, belongs to ${PRODUCT_NAME} and its licensors. Subject to these Terms, we grant you a limited, non-exclusive, non-transferable right to use the Service for your internal business purposes while your account is active.`,
        'If you send us suggestions or feedback, we may use them without any obligation to you.',
      ],
    },
    {
      id: 'third-party-services',
      title: 'Third-party services',
      body: [
        'The Service relies on telephone carriers, speech and language model providers, hosting providers and a card payment provider. Their availability and the quality of the telephone network are outside our control.',
        'If you connect the Service to your own tools, for example by webhook or through the MCP endpoint, those tools are governed by their own terms, and you are responsible for what they do with the data we send them.',
      ],
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: [
        'Except as expressly stated in these Terms or a signed agreement with us, the Service is provided "as is" and "as available". To the fullest extent the law permits, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose, title and non-infringement, and any warranty that the Service will be uninterrupted, error-free, or that a call will connect or achieve its goal.',
        'Uptime, latency and call-start figures published on our website are targets, not guarantees, unless a service level agreement signed with you says otherwise.',
      ],
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of liability',
      body: [
        'To the fullest extent the law permits, neither party is liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, goodwill or data, however caused, even if it was told they were possible.',
        'To the fullest extent the law permits, our total liability arising out of or relating to these Terms or the Service is limited to the greater of USD 100 or the fees you paid us in the 3 months before the event giving rise to the claim.',
        'These limits do not apply to your obligations under section 6 (consent to call), section 7 (acceptable use) or section 14 (indemnification), to your payment obligations, or to liability that cannot be limited by law.',
      ],
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      body: [
        `You will defend and indemnify ${PRODUCT_NAME} and its officers, employees and agents against any claim, fine, penalty or demand by a third party or a regulator, and the related losses and reasonable costs, arising from the calls you instruct the Service to place, your lack of any required consent (including under the TCPA), your Customer Data, or your breach of these Terms or the law.`,
      ],
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      body: [
        'You may stop using the Service and close your account at any time, in the dashboard (Profile \u2192 Delete account) or by contacting us. Closing takes effect at once: you are signed out, your API keys are revoked and calls not yet placed are canceled. Unused credits are forfeited when you close your account and, as section 8 says, are not refundable unless the law requires otherwise.',
        'Either party may terminate these Terms if the other materially breaches them and does not cure the breach within 10 days after written notice describing it.',
        'We may suspend or terminate your access immediately, without a cure period, if we reasonably believe that your use breaks the law, section 6 or section 7, endangers the Service or other customers, or exposes us to legal liability.',
        'On termination your right to use the Service ends, your API keys are revoked and unpaid fees become due. Sections that by their nature should survive termination (including fees owed, disclaimers, limitation of liability and indemnification) survive it. We delete your data as described in our Privacy Policy.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      body: [
        'We may update these Terms from time to time. For material changes we will give you at least 30 days\u2019 notice by e-mail or in the dashboard before they take effect. Changes required by law, or that concern new features, may take effect sooner.',
        'If you do not agree to the updated Terms, you must stop using the Service before they take effect; continuing to use it afterwards means you accept them. The date at the top of this page shows when these Terms were last updated.',
      ],
    },
    {
      id: 'general-and-contact',
      title: 'General terms and contact',
      body: [
        'These Terms, together with our Privacy Policy and any order form or agreement you sign with us, are the entire agreement between you and us about the Service. If a provision is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a waiver. You may not assign these Terms without our written consent; we may assign them in connection with a merger, acquisition or sale of assets.',
        `Questions about these Terms, and legal notices, can be sent to ${CONTACT_EMAIL}.`,
      ],
    },
  ],
};
