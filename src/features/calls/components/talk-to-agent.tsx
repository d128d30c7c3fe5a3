import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { LanguageOptions, VoiceOptions } from '@/components/agent-option-lists';
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
import { FREE_MINUTES, PRICE_PER_MINUTE_LABEL } from '@/config/constants';
import { paths } from '@/config/paths';
import { useDashboardMode, type DashboardMode } from '@/lib/api/dashboard-mode';
import { useSession } from '@/lib/auth/session-context';
import { useAgentSettings } from '@/lib/agent-settings';
import { useAgents } from '@/lib/agents';
import { toast } from '@/lib/toast';
import { useEndWebCall } from '../api/end-web-call';
import { useSayToWebCall } from '../api/say-to-web-call';
import {
  NO_AGENT,
  startWebCallSchema,
  useStartWebCall,
  type StartedWebCall,
  type StartWebCallValues,
} from '../api/start-web-call';
import type { SpokenTurn } from '../api/web-call-types';
import { useCallEvents } from '../hooks/use-call-events';
import { useWebCallSocket } from '../hooks/use-web-call-socket';
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
 * settings, the real opening), in the dashboard's mode. In test mode it is free, on the simulated
 * network: you type what you would say, and the agent answers in words and a synthetic voice. In
 * live mode it is the voice provider's call, billed by the minute: its voice plays as it comes,
 * and you speak through the microphone or type.
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
          Talk with the agent your calls get, in your browser, before it calls anyone. In test mode
          it is free, no paperwork needed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TalkToAgent />
      </CardContent>
    </Card>
  );
}

const callPagePath = (taskId: string, mode: DashboardMode) =>
  `${paths.calls.href}?call=${taskId}&mode=${mode}`;

function TalkToAgentCall({ onDone }: { onDone: () => void }) {
  const mode = useDashboardMode();
  const start = useStartWebCall();
  const [started, setStarted] = useState<StartedWebCall | null>(null);
  const form = useForm<StartWebCallValues>({
    resolver: zodResolver(startWebCallSchema),
    defaultValues: { goal: '', voice: '', language: '', agentId: '' },
  });
  const { user } = useSession();
  const agents = useAgents(user?.id);
  const settings = useAgentSettings(user?.id);
  const defaultAgent = agents.data?.find((agent) => agent.id === settings.data?.defaultAgentId);

  const begin = form.handleSubmit((values) =>
    start.mutate(
      { ...values, mode },
      {
        onSuccess: setStarted,
        onError: (error) =>
          toast.error('Could not start the call', {
            description: describeCallError(error).message,
          }),
      },
    ),
  );

  if (started?.websocket)
    return (
      <LiveWebCall key={started.id} call={started} socketUrl={started.websocket} onDone={onDone} />
    );
  if (started?.reply)
    return <TestWebCall key={started.id} call={started} opening={started.reply} onDone={onDone} />;

  const live = mode === 'live';
  return (
    <>
      <DialogHeader>
        <DialogTitle>Talk to your agent</DialogTitle>
        <DialogDescription>
          {live
            ? `A live call in your browser with the agent your calls get (your phone-agent settings), billed like any call: ${PRICE_PER_MINUTE_LABEL} after your ${FREE_MINUTES} free minutes, whole minutes rounded up. Speak through your microphone or type.`
            : 'A test call in your browser, free: the agent your calls get (your phone-agent settings), on the simulated network. Type what you would say; it answers in words and a synthetic voice.'}
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
        {agents.data?.length ? (
          <FormField
            label="Agent"
            hint="Its goal, voice, language and first sentence apply where the choices here leave them."
          >
            <NativeSelect {...form.register('agentId')}>
              <option value="">
                {defaultAgent ? `Your default agent (${defaultAgent.name})` : 'None: your settings'}
              </option>
              {agents.data
                .filter((agent) => agent.id !== defaultAgent?.id)
                .map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.name}
                  </option>
                ))}
              {defaultAgent ? <option value={NO_AGENT}>None: your settings alone</option> : null}
            </NativeSelect>
          </FormField>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Voice">
            <NativeSelect {...form.register('voice')}>
              <option value="">Your setting</option>
              <VoiceOptions described />
            </NativeSelect>
          </FormField>
          <FormField label="Language">
            <NativeSelect {...form.register('language')}>
              <option value="">Your setting</option>
              <LanguageOptions />
            </NativeSelect>
          </FormField>
        </div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending
            ? 'Calling...'
            : live
              ? `Start live call · ${PRICE_PER_MINUTE_LABEL}`
              : 'Start test call'}
        </Button>
      </form>
    </>
  );
}

function Transcript({ lines }: { lines: Line[] }) {
  return (
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
  );
}

function CallEnded({
  taskId,
  mode,
  onDone,
}: {
  taskId: string;
  mode: DashboardMode;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        {/* The call's page opens in the call's mode, whatever the switch says by then. */}
        <Link to={callPagePath(taskId, mode)} onClick={onDone}>
          See the call
        </Link>
      </Button>
      <Button type="button" onClick={onDone}>
        Close
      </Button>
    </div>
  );
}

/** What you say: a line of text, sent with Say. */
function WordsForm({
  onSay,
  pending,
  children,
}: {
  onSay: (text: string, clear: () => void) => void;
  pending: boolean;
  children: React.ReactNode;
}) {
  const [words, setWords] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = words.trim();
    if (!text || pending) return;
    onSay(text, () => setWords(''));
  };
  return (
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
        <Button type="submit" disabled={pending || !words.trim()}>
          Say
        </Button>
      </div>
      {children}
    </form>
  );
}

function SoundToggle({ soundOn, onChange }: { soundOn: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={soundOn}
        onChange={(event) => onChange(event.target.checked)}
      />
      Play the agent&apos;s voice
    </label>
  );
}

/** A test browser call: each turn is answered by the simulated agent with its words and audio. */
function TestWebCall({
  call,
  opening,
  onDone,
}: {
  call: StartedWebCall;
  opening: SpokenTurn;
  onDone: () => void;
}) {
  const { user } = useSession();
  const say = useSayToWebCall();
  const end = useEndWebCall(user?.id);
  const taskId = call.id;
  const [lines, setLines] = useState<Line[]>([{ speaker: 'agent', text: opening.text }]);
  const [ended, setEnded] = useState(false);
  const [soundOn, setSoundOn] = useState(true);

  // The opening plays once, as the call starts.
  const played = useRef(false);
  useEffect(() => {
    if (played.current) return;
    played.current = true;
    play(opening, true);
  }, [opening]);

  // Closing the dialog mid-call hangs up, so no call is left open.
  const endedRef = useRef(false);
  useEffect(() => {
    endedRef.current = ended;
  }, [ended]);
  const hangUp = end.mutate;
  useEffect(
    () => () => {
      if (!endedRef.current) hangUp({ taskId, mode: call.mode });
    },
    [hangUp, taskId, call.mode],
  );

  const onSay = (text: string, clear: () => void) =>
    say.mutate(
      { taskId, mode: call.mode, text },
      {
        onSuccess: (turn) => {
          clear();
          setLines((before) => [
            ...before,
            { speaker: 'callee', text: turn.heard.text },
            ...(turn.reply ? [{ speaker: 'agent' as const, text: turn.reply.text }] : []),
          ]);
          if (turn.reply) play(turn.reply, soundOn);
          if (turn.ended) {
            setEnded(true);
            end.mutate({ taskId, mode: call.mode });
          }
        },
        onError: (error) =>
          toast.error('The agent did not answer', {
            description: describeCallError(error).message,
          }),
      },
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ended ? 'Call ended' : 'On the call with your agent'}</DialogTitle>
        <DialogDescription>Test call · simulated network · free</DialogDescription>
      </DialogHeader>
      <Transcript lines={lines} />
      {ended ? (
        <CallEnded taskId={taskId} mode={call.mode} onDone={onDone} />
      ) : (
        <WordsForm onSay={onSay} pending={say.isPending}>
          <div className="flex items-center justify-between gap-2">
            <SoundToggle soundOn={soundOn} onChange={setSoundOn} />
            <Button
              type="button"
              variant="destructive"
              onClick={() => {
                setEnded(true);
                end.mutate({ taskId, mode: call.mode });
              }}
            >
              Hang up
            </Button>
          </div>
        </WordsForm>
      )}
    </>
  );
}

/**
 * A live browser call: the provider's call, connected by its socket. The agent's voice plays as it
 * comes and its words arrive as the task's events; what you type goes to the call as yours.
 */
function LiveWebCall({
  call,
  socketUrl,
  onDone,
}: {
  call: StartedWebCall;
  socketUrl: NonNullable<StartedWebCall['websocket']>;
  onDone: () => void;
}) {
  const { user } = useSession();
  const say = useSayToWebCall();
  const [soundOn, setSoundOn] = useState(true);
  const socket = useWebCallSocket(socketUrl, soundOn);
  const stream = useCallEvents({ userId: user?.id, taskId: call.id, enabled: true });
  const [typed, setTyped] = useState<{ text: string; afterEvents: number }[]>([]);
  const ended = stream.connection === 'ended' || socket.state === 'closed';

  // The agent's turns (and what a transcriber heard you say) come as events; typed words are
  // shown where they were sent.
  const lines: Line[] = [];
  const turns = stream.events.filter((event) => event.type === 'transcript.turn');
  turns.forEach((event, index) => {
    for (const words of typed)
      if (words.afterEvents === index) lines.push({ speaker: 'callee', text: words.text });
    const data = event.data as { speaker?: string; text?: string };
    lines.push({ speaker: data.speaker === 'agent' ? 'agent' : 'callee', text: data.text ?? '' });
  });
  for (const words of typed)
    if (words.afterEvents >= turns.length) lines.push({ speaker: 'callee', text: words.text });

  const onSay = (text: string, clear: () => void) =>
    say.mutate(
      { taskId: call.id, mode: call.mode, text },
      {
        onSuccess: () => {
          clear();
          setTyped((before) => [...before, { text, afterEvents: turns.length }]);
        },
        onError: (error) =>
          toast.error('The agent did not hear you', {
            description: describeCallError(error).message,
          }),
      },
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ended ? 'Call ended' : 'On the call with your agent'}</DialogTitle>
        <DialogDescription>
          Live call · {PRICE_PER_MINUTE_LABEL} after your free minutes ·{' '}
          {socket.state === 'connecting' ? 'connecting…' : ended ? 'ended' : 'connected'}
        </DialogDescription>
      </DialogHeader>
      <Transcript lines={lines} />
      {ended ? (
        <CallEnded taskId={call.id} mode={call.mode} onDone={onDone} />
      ) : (
        <WordsForm onSay={onSay} pending={say.isPending}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <SoundToggle soundOn={soundOn} onChange={setSoundOn} />
            <Button type="button" variant="outline" onClick={() => void socket.toggleMicrophone()}>
              {socket.microphone === 'on' ? 'Mute microphone' : 'Speak with microphone'}
            </Button>
            <Button type="button" variant="destructive" onClick={socket.hangUp}>
              Hang up
            </Button>
          </div>
          {socket.microphone === 'refused' ? (
            <p role="alert" className="text-sm text-destructive">
              The browser gave no microphone; type what you say instead.
            </p>
          ) : null}
        </WordsForm>
      )}
    </>
  );
}
