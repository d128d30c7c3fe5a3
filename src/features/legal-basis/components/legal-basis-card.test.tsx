import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { legalBasisKeys, type Attestation } from '../api/legal-basis';
import { LegalBasisCard } from './legal-basis-card';

const user = testUser('ada@example.com');

function known(history: Attestation[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(legalBasisKeys.user(user.id), history);
  return queryClient;
}

const attested: Attestation = {
  id: 7,
  basis: 'prior_express_consent',
  exemption: null,
  statement: 'Every person we call has given us prior express consent.',
  attested_via: 'dashboard',
  attested_at: '2026-11-23T15:04:00Z',
};

describe('LegalBasisCard', () => {
  it('says live calls need their own basis when none is attested', () => {
    renderWithProviders(<LegalBasisCard />, {
      session: sessionState({ user }),
      queryClient: known([]),
    });
    expect(
      screen.getByText('No basis attested: live calls must each send consent or an exemption.'),
    ).toBeInTheDocument();
  });

  it('shows the attested basis in our words, and treats a withdrawal as none', () => {
    const { unmount } = renderWithProviders(<LegalBasisCard />, {
      session: sessionState({ user }),
      queryClient: known([attested]),
    });
    const current = screen.getByRole('region', { name: 'Current legal basis' });
    expect(current).toHaveTextContent('Prior express consent');
    expect(current).toHaveTextContent(attested.statement);
    unmount();

    renderWithProviders(<LegalBasisCard />, {
      session: sessionState({ user }),
      queryClient: known([{ ...attested, id: 8, basis: 'withdrawn' }, attested]),
    });
    expect(screen.queryByRole('region', { name: 'Current legal basis' })).toBeNull();
  });

  it('asks for the confirmation, and for the exemption when the basis is one', async () => {
    renderWithProviders(<LegalBasisCard />, {
      session: sessionState({ user }),
      queryClient: known([]),
    });
    await userEvent.selectOptions(screen.getByLabelText('Basis'), 'exemption');
    await userEvent.click(screen.getByRole('button', { name: 'Attest' }));
    expect(
      await screen.findByText('Confirm that this is true of every number you call.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Attest' }));
    expect(await screen.findByText('Choose the exemption.')).toBeInTheDocument();
  });
});
