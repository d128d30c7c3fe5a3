import { Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { languages, voices, type Voice } from '@/config/phone-agent-options';
import { toast } from '@/lib/toast';
import { useFetchVoiceSample } from '@/lib/voice-samples';

const labelOf = (language: string) =>
  languages.find((option) => option.value === language)?.label ?? language;

/**
 * Plays the voice saying its greeting in the language, as a call would open with it. `voice` and
 * `language` are the form's current choices, saved or not.
 */
export function HearVoiceButton({ voice, language }: { voice: Voice; language: string }) {
  const fetchSample = useFetchVoiceSample();
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  const audio = useRef<{ element: HTMLAudioElement; url: string } | null>(null);

  const stop = () => {
    if (!audio.current) return;
    audio.current.element.pause();
    URL.revokeObjectURL(audio.current.url);
    audio.current = null;
  };
  useEffect(() => stop, []);

  const hear = async () => {
    stop();
    setState('loading');
    try {
      const sample = await fetchSample(voice, language);
      const url = URL.createObjectURL(sample);
      const element = new Audio(url);
      audio.current = { element, url };
      element.onended = () => setState('idle');
      setState('playing');
      // A browser that will not play (no sound device, autoplay rules) just stays quiet.
      await Promise.resolve(element.play?.()).catch(() => setState('idle'));
    } catch (error) {
      setState('idle');
      toast.error('Could not play the voice', { description: (error as Error).message });
    }
  };

  const voiceLabel = voices.find((option) => option.value === voice)?.label ?? voice;
  return (
    <div className="flex items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void hear()}>
        <Volume2 aria-hidden />
        {state === 'loading' ? 'Loading...' : `Hear ${voiceLabel} in ${labelOf(language)}`}
      </Button>
      <span role="status" className="text-sm text-muted-foreground">
        {state === 'playing' ? `Playing ${voiceLabel}'s greeting in ${labelOf(language)}` : ''}
      </span>
    </div>
  );
}
