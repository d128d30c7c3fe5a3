// @vitest-environment node
import { createSimulatedProvider, isSimulated, SIMULATED_BASE_URL } from './provider';
import type { CallRequest, VoiceEvent } from '../provider';

const request = (phoneNumber: string): CallRequest => ({
  taskId: 'task_01JTESTMODE0000000000000000',
  attempt: 1,
  phoneNumber,
  goal: "Confirm Kim's appointment tomorrow at 3 pm.",
  context: {},
  voice: 'Aria',
  language: 'en',
  speakingStyle: 'Professional',
  firstSentence: 'Hello, this is Aria from Bright Smiles.',
  maxDurationMinutes: 5,
  voicemail: { action: 'hang_up', message: null },
  outputSchema: null,
  record: true,
  serverUrl: 'https://functions.example/voice-events?task_id=t&attempt=1',
  serverToken: 'token',
  livemode: false,
});

// Test mode's provider runs the simulated network in the instance: nothing leaves it but the
// server messages, posted to voice-events as Vapi would post them.
describe('the simulated provider', () => {
  it('plays a test call in process and posts its messages to the server URL, the recording travelling in its URL', async () => {
    const posted: { url: string; body: Record<string, unknown> }[] = [];
    const kept: Promise<unknown>[] = [];
    const provider = createSimulatedProvider({
      speed: 2000,
      keepAlive: (_label, work) => kept.push(work()),
      fetch: async (input, init) => {
        posted.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return new Response('{}', { status: 200 });
      },
    });
    const placed = await provider.placeCall(request('+14155550100'));
    expect(isSimulated(placed.controlUrl)).toBe(true);
    await Promise.all(kept);

    expect(posted.every((p) => p.url === request('').serverUrl)).toBe(true);
    const events = posted
      .map((p) => provider.parseServerMessage(p.body))
      .filter((e): e is VoiceEvent => e !== null);
    const ended = events.find((e) => e.kind === 'ended');
    expect(ended).toMatchObject({ kind: 'ended', outcome: 'success' });
    if (ended?.kind !== 'ended') throw new Error('no end');
    expect(ended.durationSeconds).toBeGreaterThan(0);
    expect(ended.recordingUrl).toMatch(new RegExp(`^${SIMULATED_BASE_URL}/recordings/.+\\?tones=`));

    // Another instance (a fresh provider) serves the same audio from the URL alone.
    const elsewhere = createSimulatedProvider();
    const recording = await elsewhere.openRecording(ended.recordingUrl!);
    expect(recording.contentType).toBe('audio/wav');
    const bytes = new Uint8Array(await new Response(recording.body).arrayBuffer());
    expect(bytes.length).toBe(44 + ended.durationSeconds * 8000 * 2);
  });

  it('hangs up only its own calls: a call this instance never saw is left alone', async () => {
    const provider = createSimulatedProvider();
    await expect(
      provider.endCall({
        providerCallId: 'x',
        controlUrl: `${SIMULATED_BASE_URL}/unknown/control`,
      }),
    ).resolves.toBeUndefined();
    await expect(provider.getCall('00000000-0000-4000-8000-000000000000')).rejects.toThrow();
  });
});
