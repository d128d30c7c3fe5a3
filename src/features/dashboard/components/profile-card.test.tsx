import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { ProfileCard } from './profile-card';

describe('ProfileCard', () => {
  it('shows the e-mail of the signed-in user', () => {
    renderWithProviders(<ProfileCard />, {
      initialEntry: '/profile',
      session: sessionState({ user: testUser('grace@example.com') }),
    });
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
  });

  it('asks a logged-out visitor to log in', () => {
    renderWithProviders(<ProfileCard />, { initialEntry: '/profile' });
    expect(screen.getByText('You need to log in to view your profile.')).toBeInTheDocument();
  });
});
