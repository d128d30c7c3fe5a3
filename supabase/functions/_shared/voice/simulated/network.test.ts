import { createVoiceNetwork, planOf } from './network.ts';

type Sent = { url: string; message: { type: string; status?: string; endedReason?: string } };

function setup(speed: number) {
  const sent: Sent[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), ...(JSON.parse(String(init?.body)) as Omit<Sent, 'url'>) });
    return new Response('{}', { status: 200 });
  }) as typeof globalThis.fetch;
  const network = createVoiceNetwork({
    speed,
    baseUrl: 'http://voice.test',
    setupDelayMs: 0,
    fetch,
  });
  return { network, sent };
}

const body = (number: string, assistant: Record<string, unknown> = {}) => ({
  phoneNumberId: 'local',
  customer: { number },
  assistant: {
    serverMessages: ['status-update', 'end-of-call-report'],
    server: { url: 'http://hooks.test/voice-events' },
    ...assistant,
  },
});

const types = (sent: Sent[]) =>
  sent.map((s) => [s.message.type, s.message.status ?? s.message.endedReason].join(':'));

describe('the voice network (no sockets)', () => {
  it('a call ended through the control URL before anyone answers costs nothing and has no analysis', async () => {
    const { network, sent } = setup(0.001); // the call would take hours: it never gets to ring
    const call = network.create(body('+14155550100'));
    expect(call).toMatchObject({
      status: 'queued',
      controlUrl: `http://voice.test/${call.id}/control`,
    });
    expect(network.endCall(call.id)).toBe(true);
    await network.settled(call.id);
    expect(network.get(call.id)).toMatchObject({
      status: 'ended',
      endedReason: 'manually-canceled',
      startedAt: null,
      turns: [],
    });
    expect(types(sent)).toEqual(['status-update:ended', 'end-of-call-report:manually-canceled']);
    expect(network.endCall(call.id)).toBe(false);
    expect(network.endCall('no-such-call')).toBe(false);
  });

  it('records an answered call unless artifactPlan.recordingEnabled is false (Vapi records by default)', async () => {
    const { network } = setup(100_000);
    const recorded = network.create(body('+14155550100'));
    const unrecorded = network.create(
      body('+14155550100', { artifactPlan: { recordingEnabled: false } }),
    );
    const unanswered = network.create(body('+14155550103'));
    await Promise.all([recorded, unrecorded, unanswered].map((c) => network.settled(c.id)));
    expect(network.get(recorded.id)!.recordingUrl).toBe(
      `http://voice.test/recordings/${recorded.id}/mono.wav`,
    );
    expect(network.get(unrecorded.id)!.recordingUrl).toBeNull();
    expect(network.get(unanswered.id)!.recordingUrl).toBeNull();
  });

  it("0106 answers its retry even on a network that never saw the first attempt (the call's metadata counts it)", async () => {
    const first = setup(100_000).network;
    const missed = first.create(body('+14155550106', { metadata: { task_id: 't1', attempt: 1 } }));
    await first.settled(missed.id);
    expect(first.get(missed.id)!.endedReason).toBe('customer-did-not-answer');
    // The retry is placed by another function instance: a new network.
    const second = setup(100_000).network;
    const retry = second.create(body('+14155550106', { metadata: { task_id: 't1', attempt: 2 } }));
    await second.settled(retry.id);
    expect(second.get(retry.id)!.endedReason).toBe('customer-ended-call');
  });

  it('0108 ends without its end-of-call messages; the call itself knows the end', async () => {
    const { network, sent } = setup(100_000);
    const call = network.create(body('+14155550108'));
    await network.settled(call.id);
    expect(types(sent)).toEqual(['status-update:ringing', 'status-update:in-progress']);
    expect(network.get(call.id)).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
    });
  });

  it("0190's press reaches the server as Vapi's keypad entry, in a conversation update only", async () => {
    const { network, sent } = setup(100_000);
    const call = network.create(
      body('+14155550190', {
        serverMessages: ['transcript[transcriptType="final"]', 'conversation-update'],
      }),
    );
    await network.settled(call.id);
    const newest = sent
      .filter((s) => s.message.type === 'conversation-update')
      .map((s) => (s.message as { messages: { role: string; message: string }[] }).messages.at(-1));
    expect(newest).toContainEqual(
      expect.objectContaining({ role: 'user', message: "User's Keypad Entry: 9" }),
    );
    const transcripts = sent
      .filter((s) => s.message.type.startsWith('transcript'))
      .map((s) => (s.message as { transcript?: string }).transcript);
    expect(transcripts.some((t) => t?.includes('9'))).toBe(false);
  });

  it('a say with endCallAfterSpoken through the control URL is spoken, then ends the call', async () => {
    const { network } = setup(30);
    const call = network.create(body('+14155550100'));
    const live = () => network.get(call.id)!;
    for (let i = 0; i < 200 && live().turns.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(network.endCall(call.id, 'You will not be called again at this number. Goodbye.')).toBe(
      true,
    );
    await network.settled(call.id);
    expect(live().turns.at(-1)).toMatchObject({
      role: 'assistant',
      text: 'You will not be called again at this number. Goodbye.',
    });
    expect(live().endedReason).toBe('assistant-ended-call-after-message-spoken');
  });

  it('sends nothing without assistant.server.url', async () => {
    const { network, sent } = setup(100_000);
    const call = network.create(body('+14155550100', { server: undefined }));
    await network.settled(call.id);
    expect(sent).toEqual([]);
    expect(network.get(call.id)!.status).toBe('ended');
  });

  it("Vapi's default serverMessages bring status updates and the report, not transcripts", async () => {
    const { network, sent } = setup(100_000);
    const call = network.create(body('+14155550102', { serverMessages: undefined }));
    await network.settled(call.id);
    expect(types(sent)).toEqual([
      'status-update:ringing',
      'status-update:ended',
      'end-of-call-report:customer-busy',
    ]);
  });

  it('lists calls newest first', async () => {
    let now = 1_000;
    const network = createVoiceNetwork({
      speed: 100_000,
      baseUrl: 'http://voice.test',
      setupDelayMs: 0,
      now: () => now,
    });
    const first = network.create(body('+14155550103', { server: undefined }));
    now = 2_000;
    const second = network.create(body('+14155550103', { server: undefined }));
    expect(network.list().map((c) => c.id)).toEqual([second.id, first.id]);
    network.stop();
  });

  it('reports nothing in the future: every timestamp is at or before the wall time it is sent, durations as scripted', async () => {
    type Message = {
      type: string;
      timestamp: number;
      startedAt?: string;
      endedAt?: string;
      durationSeconds?: number;
      call: { createdAt: string; startedAt?: string; endedAt?: string };
    };
    const late: string[] = [];
    const messages: Message[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const sentAt = Date.now();
      const { message } = JSON.parse(String(init?.body)) as { message: Message };
      messages.push(message);
      const stamps = [
        message.timestamp,
        message.startedAt,
        message.endedAt,
        message.call.createdAt,
        message.call.startedAt,
        message.call.endedAt,
      ];
      for (const stamp of stamps) {
        if (stamp === undefined) continue;
        const ms = typeof stamp === 'number' ? stamp : Date.parse(stamp);
        if (ms > sentAt) late.push(`${message.type}: ${String(stamp)} after ${sentAt}`);
      }
      return new Response('{}', { status: 200 });
    }) as typeof globalThis.fetch;
    const network = createVoiceNetwork({ speed: 300, baseUrl: 'http://voice.test', fetch });
    const call = network.create(
      body('+14155550100', {
        serverMessages: ['status-update', 'transcript', 'end-of-call-report'],
      }),
    );
    await network.settled(call.id);
    expect(late).toEqual([]);
    const report = messages.find((m) => m.type === 'end-of-call-report')!;
    const startedAt = Date.parse(report.startedAt!);
    const endedAt = Date.parse(report.endedAt!);
    expect(Date.parse(report.call.createdAt)).toBeLessThanOrEqual(startedAt);
    expect(startedAt).toBeLessThan(endedAt);
    expect(endedAt).toBeLessThanOrEqual(Date.now());
    // A conversation lasts about 45 to 90 simulated seconds, whatever the compression.
    expect(report.durationSeconds).toBeGreaterThanOrEqual(40);
    expect(report.durationSeconds).toBeLessThanOrEqual(95);
  });

  it('a hang-up through the control URL ends the call at or before the wall time of the hang-up', async () => {
    const { network } = setup(30);
    const call = network.create(body('+14155550107', { server: undefined }));
    await expect
      .poll(() => network.get(call.id)!.status, { timeout: 60_000, interval: 200 })
      .toBe('in-progress');
    expect(network.endCall(call.id)).toBe(true);
    const endedAt = network.get(call.id)!.endedAt!;
    expect(endedAt).toBeLessThanOrEqual(Date.now());
    expect(network.get(call.id)!.startedAt!).toBeLessThanOrEqual(endedAt);
    await network.settled(call.id);
  });
});

describe('a transfer plan, as Vapi applies it', () => {
  const plan = (transferPlan: Record<string, unknown>) =>
    planOf({ type: 'number', number: '+14155550141', transferPlan });

  it('takes warm-transfer-experimental with its fallback and briefing', () => {
    const warm = plan({
      mode: 'warm-transfer-experimental',
      message: 'A caller for you.',
      fallbackPlan: { message: 'Nobody is free.', endCallEnabled: false },
    });
    expect(warm).toMatchObject({
      mode: 'warm-transfer-experimental',
      fallbackMessage: 'Nobody is free.',
      endCallEnabled: false,
      ignored: null,
    });
    expect(warm.briefing('A summary.')).toBe('A caller for you.');
    expect(
      plan({ mode: 'warm-transfer-experimental', summaryPlan: { enabled: true } }).briefing(
        'A summary.',
      ),
    ).toBe('A summary.');
    // Without endCallEnabled: false, Vapi ends the call after the fallback.
    expect(plan({ mode: 'warm-transfer-experimental' }).endCallEnabled).toBe(true);
  });

  it('refuses what Vapi would not apply: a timeout outside the wait-for-operator modes, a fallback outside warm-transfer-experimental, an unknown mode', () => {
    expect(plan({ mode: 'warm-transfer-say-summary', timeout: 30 }).ignored).toContain('timeout');
    expect(
      plan({ mode: 'blind-transfer', fallbackPlan: { message: 'x', endCallEnabled: false } })
        .ignored,
    ).toContain('fallbackPlan');
    expect(plan({ mode: 'warm-and-cosy' }).ignored).toContain('not one of Vapi');
    expect(
      plan({
        mode: 'warm-transfer-wait-for-operator-to-speak-first-and-then-say-message',
        timeout: 20,
      }).ignored,
    ).toBeNull();
    expect(plan({ mode: 'blind-transfer' }).ignored).toBeNull();
  });
});
