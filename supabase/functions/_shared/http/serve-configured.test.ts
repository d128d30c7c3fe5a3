// @vitest-environment node
import { MissingSecret, requiredFrom } from '../env.ts';
import { configuredHandler } from './serve-configured.ts';

const request = (method = 'POST') =>
  new Request('https://example.supabase.co/functions/v1/task', { method });

describe('a function missing a secret', () => {
  it('loads and answers every request 503 not_configured, naming the secret and not a value', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = configuredHandler('task', () => {
      requiredFrom((name) => (name === 'VAPI_API_KEY' ? '' : 'secret-value'))('VAPI_API_KEY');
      return () => new Response('never');
    });
    const response = await handler(request());
    expect(response.status).toBe(503);
    expect(response.headers.get('Request-Id')).toMatch(/\S/);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_configured');
    expect(body.error.message).toContain('VAPI_API_KEY is not set');
    expect(JSON.stringify(body)).not.toContain('secret-value');
    expect((await handler(request('OPTIONS'))).status).toBe(204);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('VAPI_API_KEY'));
  });

  it('serves the function itself when everything is set, and still fails on any other error', async () => {
    const handler = configuredHandler('task', () => () => new Response('served'));
    expect(await (await handler(request())).text()).toBe('served');
    expect(() =>
      configuredHandler('task', () => {
        throw new TypeError('a bug, not a setting');
      }),
    ).toThrow(TypeError);
    expect(new MissingSecret('X').code).toBe('not_configured');
  });
});
