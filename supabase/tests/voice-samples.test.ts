import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_LANGUAGE_CODES } from '../functions/_shared/contract/call-languages';
import { VOICES } from '../functions/_shared/contract/agent-options';
import { deleteCreatedUsers } from './support/clients';
import { callApiWith, createCallingAccount, testKeyOf } from './support/call-api';

// Voice samples: each voice saying its greeting in each call language, made with the voice
// service the calls use (locally its stand-in, which speaks a tone of the voice's own pitch).
let api: ReturnType<typeof callApiWith>;

beforeAll(async () => {
  const account = await createCallingAccount({ label: 'voice-samples', kyc: null });
  api = callApiWith(await testKeyOf(account));
});
afterAll(deleteCreatedUsers);

const sampleOf = (voice: string, language: string) =>
  api(`/voices/${voice}/sample?language=${language}`);

describe('voice samples', () => {
  it('plays a voice in a language as a WAV, saying its greeting there', async () => {
    const response = await sampleOf('Aria', 'es');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(decodeURIComponent(response.headers.get('dialwise-sample-text')!)).toBe(
      'Hola, le habla Aria, asistente virtual.',
    );
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect(wav.length).toBeGreaterThan(16000);
  });

  it('has a sample for every voice in every language, each voice its own', async () => {
    for (const language of CALL_LANGUAGE_CODES) {
      const bodies = await Promise.all(
        VOICES.map(async (voice) => {
          const response = await sampleOf(voice, language);
          expect(response.status, `${voice} in ${language}`).toBe(200);
          return Buffer.from(await response.arrayBuffer()).toString('base64');
        }),
      );
      expect(new Set(bodies).size).toBe(VOICES.length);
    }
  });

  it('refuses a voice or a language it does not have, clearly', async () => {
    const voice = await sampleOf('Bob', 'en');
    expect(voice.status).toBe(400);
    expect(await voice.json()).toMatchObject({
      error: { code: 'invalid_request', field: 'voice', message: expect.stringContaining('Aria') },
    });
    const language = await sampleOf('Aria', 'xx');
    expect(language.status).toBe(400);
    expect(await language.json()).toMatchObject({ error: { field: 'language' } });
    const typo = await api('/voices/Aria/sample?lang=en');
    expect(typo.status).toBe(400);
    const anonymous = await callApiWith('dw_test_nope')('/voices/Aria/sample');
    expect(anonymous.status).toBe(401);
  });
});
