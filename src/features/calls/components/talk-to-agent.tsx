import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { languages, voices } from '@/config/phone-agent-options';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';
import { useEndWebCall } from '../api/end-web-call';
import { useSayToWebCall } from '../api/say-to-web-call';
import {
  startWebCallSchema,
  useStartWebCall,
  type StartWebCallValues,
} from '../api/start-web-call';
import type { SpokenTurn } from '../api/web-call-types';
import { describeCallError } from './call-error';

type Line = { speaker: 'agent' | 'callee'; text: string };

/** Plays a turn's synthetic voice; a browser that refuses to play (no sound, autoplay) is fine. */
function play(turn: SpokenTurn, soundOn: boolean) {
  if (!soundOn || typeof Audio === 'undefined') return;
  const audio = new Audio(`data:${turn.audio.content_type};base64,${turn.audio.base64}`);
  void Promise.resolve(audio.play?.()).catch(() => undefined);
}

/**
 * "Talk to your agent": a browser call with the agent a task would get (the phone-agent
 * settings, the real opening). It is a test call, free, on the simulated network: you type what
 * you would say, and the agent answers in words and a synthetic voice.
 */
export function TalkToAgent({ label = 'Talk to your agent' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open ? <TalkToAgentCall onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The card that offers it: on the Getting started tab and beside the phone-agent settings. */
export function TalkToAgentCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Hear your agent</CardTitle>
        <CardDescription>
          Talk with the agent your calls get, in your browser, before it calls anyone. A test call:
          free, no paperwork needed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TalkToAgent />
      </CardContent>
    </Card>
  );
}

function TalkToAgentCall({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  const start = useStartWebCall();
  const say = useSayToWebCall();
  const end = useEndWebCall(user?.id);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [ended, setEnded] = useState(false);
  const [soundOn, setSoundOn] = useState(true);
  const [words, setWords] = useState('');
  const form = useForm<StartWebCallValues>({
    resolver: zodResolver(startWebCallSchema),
    defaultValues: { goal: '', voice: '', language: '' },
  });

  // Closing the dialog mid-call hangs up, so no call is left open.
  const live = useRef<{ taskId: string | null; ended: boolean }>({ taskId: null, ended: false });
  useEffect(() => {
    live.current = { taskId, ended };
  }, [taskId, ended]);
  const hangUp = end.mutate;
  useEffect(
    () => () => {
      if (live.current.taskId && !live.current.ended) hangUp(live.current.taskId);
    },
    [hangUp],
  );

  const begin = form.handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: ({ id, reply }) => {
        setTaskId(id);
        setLines([{ speaker: 'agent', text: reply.text }]);
        play(reply, soundOn);
      },
      onError: (error) =>
        toast.error('Could not start the call', {
          description: describeCallError(error).message,
        }),
    }),
  );

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = words.trim();
    if (!taskId || !text || say.isPending) return;
    say.mutate(
      { taskId, text },
      {
        onSuccess: (turn) => {
          setWords('');
          setLines((before) => [
            ...before,
            { speaker: 'callee', text: turn.heard.text },
            { speaker: 'agent', text: turn.reply.text },
          ]);
          play(turn.reply, soundOn);
          if (turn.ended) {
            setEnded(true);
            end.mutate(taskId);
          }
        },
        onError: (error) =>
          toast.error('The agent did not answer', {
            description: describeCallError(error).message,
          }),
      },
    );
  };

  const hangUpNow = () => {
    if (!taskId) return;
    setEnded(true);
    end.mutate(taskId);
  };

  if (!taskId)
    return (
      <>
        <DialogHeader>
          <DialogTitle>Talk to your agent</DialogTitle>
          <DialogDescription>
            A test call in your browser, free: the agent your calls get (your phone-agent settings),
            on the simulated network. Type what you would say; it answers in words and a synthetic
            voice.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={begin} noValidate>
          <FormField label="What the agent calls about" error={form.formState.errors.goal?.message}>
            <Textarea
              id="talk-goal"
              rows={3}
              placeholder="Confirm Kim's cleaning tomorrow at 3 pm; offer Thursday if not."
              {...form.register('goal')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Voice">
              <NativeSelect {...form.register('voice')}>
                <option value="">Your setting</option>
                {voices.map((voice) => (
                  <option key={voice.value} value={voice.value}>
                    {voice.label} — {voice.description.toLowerCase()}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Language">
              <NativeSelect {...form.register('language')}>
                <option value="">Your setting</option>
                {languages.map((language) => (
                  <option key={language.value} value={language.value}>
                    {language.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Calling...' : 'Start test call'}
          </Button>
        </form>
      </>
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ended ? 'Call ended' : 'On the call with your agent'}</DialogTitle>
        <DialogDescription>Test call · simulated network · free</DialogDescription>
      </DialogHeader>
      <ol aria-label="Transcript" className="grid max-h-80 gap-2 overflow-y-auto text-sm">
        {lines.map((line, index) => (
          <li
            key={index}
            className={
              line.speaker === 'agent'
                ? 'rounded-md bg-muted px-3 py-2'
                : 'justify-self-end rounded-md bg-primary px-3 py-2 text-primary-foreground'
            }
          >
            <span className="sr-only">{line.speaker === 'agent' ? 'Agent: ' : 'You: '}</span>
            {line.text}
          </li>
        ))}
      </ol>
      {ended ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link
              // A browser call is a test call: its page opens in test mode whatever the switch said.
              to={`${paths.calls.href}?call=${taskId}&mode=test`}
              onClick={onDone}
            >
              See the call
            </Link>
          </Button>
          <Button type="button" onClick={onDone}>
            Close
          </Button>
        </div>
      ) : (
        <form className="grid gap-2" onSubmit={send}>
          <label htmlFor="talk-words" className="text-sm font-medium">
            What you say
          </label>
          <div className="flex gap-2">
            <Input
              id="talk-words"
              value={words}
              maxLength={1000}
              autoComplete="off"
              onChange={(event) => setWords(event.target.value)}
              placeholder="Yes, 3 pm works."
            />
            <Button type="submit" disabled={say.isPending || !words.trim()}>
              Say
            </Button>
          </div>
          <div className="flex items-center justify-between gap-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={soundOn}
                onChange={(event) => setSoundOn(event.target.checked)}
              />
              Play the agent&apos;s voice
            </label>
            <Button type="button" variant="destructive" onClick={hangUpNow}>
              Hang up
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
