import { afterEach, vi } from 'vitest';

/** A JSON answer as a server would send it. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * The network, the edge we do not own: records each request and answers from `answer`. The
 * stand-in is removed after each test of a file that uses it.
 */
export function network(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request);
    return answer(request);
  });
  return requests;
}

/** What `fetch` throws when no server answers. */
export const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => {
  vi.unstubAllGlobals();
});
