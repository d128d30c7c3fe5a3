import { createHmac, randomBytes } from 'node:crypto';

/**
 * Posts an inbound SMS to the sms-inbound function the way Twilio does: form fields and an
 * X-Twilio-Signature over the webhook URL plus the sorted parameters (HMAC-SHA1, base64).
 */
export type InboundSms = { from: string; to: string; body: string; messageSid?: string };

export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export const newMessageSid = () => `SM${randomBytes(16).toString('hex')}`;

export function inboundSmsParams(sms: InboundSms, accountSid: string): Record<string, string> {
  const sid = sms.messageSid ?? newMessageSid();
  return {
    MessageSid: sid,
    SmsSid: sid,
    SmsMessageSid: sid,
    AccountSid: accountSid,
    From: sms.from,
    To: sms.to,
    Body: sms.body,
    NumMedia: '0',
    NumSegments: '1',
    SmsStatus: 'received',
    ApiVersion: '2010-04-01',
  };
}

/** Posts a signed inbound SMS; returns the HTTP status, the raw TwiML and its <Message> text. */
export async function postInboundSms(options: {
  webhookUrl: string;
  authToken: string;
  accountSid: string;
  sms: InboundSms;
  /** Signs with this token instead (a forged request). */
  signWith?: string;
}) {
  const params = inboundSmsParams(options.sms, options.accountSid);
  const response = await fetch(options.webhookUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(
        options.signWith ?? options.authToken,
        options.webhookUrl,
        params,
      ),
    },
    body: new URLSearchParams(params).toString(),
  });
  const text = await response.text();
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1];
  const reply =
    message === undefined
      ? null
      : message
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&amp;/g, '&');
  return { status: response.status, text, reply, messageSid: params.MessageSid! };
}
