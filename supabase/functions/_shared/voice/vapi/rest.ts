// Vapi's REST API as the adapters call it: the private key as a bearer token, JSON both ways, 15 s
// a request, and Vapi's NestJS errors ({ message: string | string[], error, statusCode }) as a
// ProviderError carrying the status (null: Vapi was not reached).
import { ProviderError } from '../provider.ts';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

export type VapiRestConfig = { apiUrl: string; apiKey: string; fetch?: typeof fetch };

export function createVapiRest(config: VapiRestConfig) {
  const send = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');

  /** One request; `what` names it in a refusal ("the call", "the number"). */
  return async function request(path: string, init: RequestInit = {}, what = 'the request') {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          'Content-Type': 'application/json',
          ...(init.headers ?? {}),
        },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderError(
        `The voice provider could not be reached: ${(error as Error).message}`,
        null,
      );
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const message = obj(body).message;
      const detail = Array.isArray(message)
        ? message.join('; ')
        : typeof message === 'string'
          ? message
          : response.statusText;
      throw new ProviderError(
        `The voice provider refused ${what} (${response.status}): ${detail}`,
        response.status,
      );
    }
    return obj(body);
  };
}
