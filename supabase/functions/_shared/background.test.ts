// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  requestStarted,
  runAfterResponse,
  whenRequestsAnswered,
  whileWaiting,
} from './background.ts';
import { createHandler, jsonResponse, noAuth } from './http/handler.ts';

afterEach(() => vi.useRealTimers());

describe('background work after the response', () => {
  it('starts at once when no request is being handled', async () => {
    const ran: string[] = [];
    runAfterResponse('test', async () => void ran.push('placed'));
    await whenRequestsAnswered();
    await Promise.resolve();
    expect(ran).toEqual(['placed']);
  });

  it('waits until the requests being handled are answered', async () => {
    const ran: string[] = [];
    const first = requestStarted();
    const second = requestStarted();
    runAfterResponse('test', async () => void ran.push('placed'));
    first();
    first(); // ending twice counts once
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toEqual([]);
    second();
    await new Promise((r) => setTimeout(r, 0));
    expect(ran).toEqual(['placed']);
  });

  it('waits at most MAX_YIELD_MS when requests keep coming', async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const endless = requestStarted();
    runAfterResponse('test', async () => void ran.push('placed'));
    await vi.advanceTimersByTimeAsync(99);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['placed']);
    endless();
  });

  it('does not count a request that is only waiting for a call to end', async () => {
    const ran: string[] = [];
    const waitingRequest = requestStarted();
    let callEnded!: () => void;
    const waiting = whileWaiting(new Promise<void>((resolve) => (callEnded = resolve)));
    runAfterResponse('test', async () => void ran.push('placed'));
    await new Promise((r) => setTimeout(r, 0));
    expect(ran).toEqual(['placed']);
    callEnded();
    await waiting;
    // Answering again, it counts until it ends.
    const later: string[] = [];
    runAfterResponse('test', async () => void later.push('placed'));
    await new Promise((r) => setTimeout(r, 5));
    expect(later).toEqual([]);
    waitingRequest();
    await new Promise((r) => setTimeout(r, 0));
    expect(later).toEqual(['placed']);
  });

  it('counts a request handled by createHandler until its response is returned', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const serve = createHandler({ name: 'test', auth: noAuth, cors: null }, async () => {
      await answered;
      return jsonResponse(200, { ok: true });
    });
    const ran: string[] = [];
    const response = serve(new Request('http://x/functions/v1/test'));
    runAfterResponse('test', async () => void ran.push('placed'));
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toEqual([]);
    answer();
    expect((await response).status).toBe(200);
    await new Promise((r) => setTimeout(r, 0));
    expect(ran).toEqual(['placed']);
  });
});
