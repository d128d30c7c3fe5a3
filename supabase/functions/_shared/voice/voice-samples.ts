// Voice samples: each of the agent's voices saying its greeting in each call language, as a call
// would say it (the same ElevenLabs voice and model the provider is given). The text is fixed per
// voice and language, so each sample is made once per instance and kept: the voice service is
// paid by the character, and nobody's request can make it say anything else.
import { CALL_LANGUAGE_CODES, callLanguage, greetingFor } from '../contract/call-languages.ts';
import { VOICES } from '../contract/agent-options.ts';
import { ServiceError } from '../errors.ts';
import { ProviderError } from './provider.ts';
import { SPEECH_SAMPLE_RATE, type TextToSpeech } from './elevenlabs/text-to-speech.ts';
import { ELEVENLABS_VOICE_IDS } from './vapi/adapter.ts';
import { pcmWav } from './wav.ts';

export type VoiceSample = { text: string; wav: Uint8Array };

/** What a voice says as its sample in `language` (`auto` opens in English, as a call does). */
export const sampleText = (voice: string, language: string) =>
  greetingFor(language === 'auto' ? 'en' : language, voice);

export function voiceSamples(deps: { speech: TextToSpeech | null }) {
  const kept = new Map<string, Promise<VoiceSample>>();

  async function make(voice: string, language: string): Promise<VoiceSample> {
    const text = sampleText(voice, language);
    const pcm = await deps.speech!.speak({
      voiceId: ELEVENLABS_VOICE_IDS[voice]!,
      modelId: callLanguage(language).voiceModel,
      text,
    });
    return { text, wav: pcmWav(pcm, SPEECH_SAMPLE_RATE) };
  }

  return {
    /** The sample of `voice` in `language`; ServiceError for a bad choice or an absent service. */
    async sample(voice: string, language: string): Promise<VoiceSample> {
      if (!(VOICES as readonly string[]).includes(voice))
        throw new ServiceError('invalid_request', `voice must be one of ${VOICES.join(', ')}`, {
          field: 'voice',
        });
      if (!(CALL_LANGUAGE_CODES as readonly string[]).includes(language))
        throw new ServiceError(
          'invalid_request',
          'language must be a call language code, like en',
          {
            field: 'language',
          },
        );
      if (!deps.speech)
        throw new ServiceError(
          'not_configured',
          'Voice samples are not set up on this deployment (ELEVENLABS_API_KEY).',
        );
      const key = `${voice}|${language === 'auto' ? 'en' : language}`;
      let sample = kept.get(key);
      if (!sample) {
        sample = make(voice, language);
        kept.set(key, sample);
        // A failure is not kept: the next request asks again.
        sample.catch(() => kept.delete(key));
      }
      try {
        return await sample;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.warn(`[voice-samples] ${voice} ${language}: ${error.message}`);
        throw new ServiceError(
          'rate_limited',
          'The voice service did not make the sample just now; try again in a minute.',
          { retryAfterSeconds: 60 },
        );
      }
    },
  };
}

export type VoiceSamples = ReturnType<typeof voiceSamples>;
