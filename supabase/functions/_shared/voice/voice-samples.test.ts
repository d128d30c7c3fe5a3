// @vitest-environment node
import { createTextToSpeech } from './elevenlabs/text-to-speech.ts';
import { sampleText, voiceSamples } from './voice-samples.ts';

/** A stand-in for ElevenLabs that records each request and answers `answer`. */
function recordingElevenLabs(answer: () => Response) {
  const seen: { url: string; key: string | null; body: unknown }[] = [];
  const speech = createTextToSpeech({
    apiUrl: 'https://api.elevenlabs.test/',
    apiKey: 'xi_key',
    fetch: async (input, init) => {
      seen.push({
        url: String(input),
        key: new Headers(init?.headers).get('xi-api-key'),
        body: JSON.parse(String(init?.body)),
      });
      return answer();
    },
  });
  return { speech, seen };
}

describe('voice samples', () => {
  it('asks ElevenLabs for the voice’s greeting as 16 kHz PCM, with the model calls use', async () => {
    const { speech, seen } = recordingElevenLabs(() => new Response(new Uint8Array(3200)));
    const sample = await voiceSamples({ speech }).sample('Roger', 'ja');
    expect(seen).toEqual([
      {
        url: 'https://api.elevenlabs.test/v1/text-to-speech/CwhRBWXzGAHq8TQ4Fs17?output_format=pcm_16000',
        key: 'xi_key',
        body: { text: sampleText('Roger', 'ja'), model_id: 'eleven_multilingual_v2' },
      },
    ]);
    expect(sample.text).toBe('もしもし、AIアシスタントのRogerです。');
    expect(sample.wav.byteLength).toBe(44 + 3200);
  });

  it('makes each sample once, and asks again after a failure', async () => {
    let fail = true;
    const { speech, seen } = recordingElevenLabs(() =>
      fail
        ? Response.json({ detail: { status: 'quota_exceeded', message: 'Quota' } }, { status: 401 })
        : new Response(new Uint8Array(64)),
    );
    const samples = voiceSamples({ speech });
    await expect(samples.sample('Aria', 'en')).rejects.toMatchObject({ code: 'rate_limited' });
    fail = false;
    await samples.sample('Aria', 'en');
    await samples.sample('Aria', 'en');
    await samples.sample('Aria', 'auto');
    expect(seen).toHaveLength(2);
  });

  it('refuses what it has no sample of, and says when the service is not set up', async () => {
    const { speech } = recordingElevenLabs(() => new Response(new Uint8Array(64)));
    await expect(voiceSamples({ speech }).sample('Bob', 'en')).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'voice',
    });
    await expect(voiceSamples({ speech }).sample('Aria', 'xx')).rejects.toMatchObject({
      field: 'language',
    });
    await expect(voiceSamples({ speech: null }).sample('Aria', 'en')).rejects.toMatchObject({
      code: 'not_configured',
    });
  });
});
