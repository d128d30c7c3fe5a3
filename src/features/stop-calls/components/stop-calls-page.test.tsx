import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyFooter } from '@/components/layout/public-layout';
import { jsonResponse, network, unreachable } from '@/testing/network';
import { renderPublicPage } from '@/testing/render-public-page';
import { StopCallsPage } from './stop-calls-page';

beforeAll(() => LazyFooter.preload());

const DONE =
  'Done. Every business that called this number through Dialwise has it on its do-not-call list from now on.';

/** Rendered in an awaited act: the form's resolver settles before the first keystroke. */
async function renderPage() {
  await act(async () => {
    renderPublicPage(<StopCallsPage />, '/stop-calls');
  });
  return userEvent.setup();
}

describe('StopCallsPage', () => {
  it('sends the number as E.164 and says it is done, whoever had called', async () => {
    const requests = network(() => jsonResponse(200, { ok: true, message: DONE }));
    const user = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '(415) 555-0177');
    await user.click(screen.getByRole('button', { name: 'Stop calls to this number' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DONE);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(/\/functions\/v1\/stop-calls$/);
    expect(await requests[0]!.json()).toEqual({ phoneNumber: '+14155550177', website: '' });
  });

  it('names what is wrong with the number, and keeps it when the network fails', async () => {
    network(unreachable);
    const user = await renderPage();
    const field = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(field, '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Stop calls to this number' }));
    expect(
      await screen.findByText('Enter a US phone number, like (415) 555-0123.'),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(
      'A US number, as you would dial it. Enter a US phone number, like (415) 555-0123.',
    );

    await user.clear(field);
    await user.type(field, '415 555 0177');
    await user.click(screen.getByRole('button', { name: 'Stop calls to this number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't take the number/);
    expect(field).toHaveValue('415 555 0177');
  });
});
