// @vitest-environment node
import { stackPorts, TWILIO_LOCAL } from '@dialwise/local-stack';
import { describe, expect, it } from 'vitest';
import { parseSms } from '../../../../supabase/functions/_shared/sms/parse';
import { LOCAL_SMS_NUMBER } from '@/config/api';
import { smsExampleAgents, smsExamples, smsKeywords } from './sms';

describe('the SMS how-to in /docs', () => {
  it.each(smsExamples)('"$text" is read as the page says', (example) => {
    expect(parseSms(example.text, smsExampleAgents)).toEqual({ kind: 'call', ...example.reads });
  });

  it('names keywords the parser answers', () => {
    for (const { keyword } of smsKeywords)
      expect(parseSms(keyword).kind).toBe(keyword.toLowerCase());
  });

  it("gives the local Twilio's number and the mailbox three ports above the API", () => {
    expect(LOCAL_SMS_NUMBER).toBe(TWILIO_LOCAL.phoneNumber);
    for (const offset of ['0', '400']) {
      const ports = stackPorts('dev', { DIALWISE_PORT_OFFSET: offset });
      expect(ports.mailbox - ports.api).toBe(3);
    }
  });
});
