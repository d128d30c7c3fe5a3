import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiBaseUrlOf } from '@/config/api';
import { env } from '@/config/env';
import { renderWithProviders } from '@/testing/render';
import { ApiBaseUrl } from './api-base-url';

describe('the API base URL in the dashboard', () => {
  it("is this deployment's functions URL, copied with one click", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiBaseUrl />);

    const shown = screen.getByLabelText('API base URL');
    expect(shown).toHaveTextContent(`${env.supabaseUrl}/functions/v1`);
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${env.supabaseUrl}/functions/v1`);
  });

  it('follows VITE_SUPABASE_URL: hosted, or the local stack on any port', () => {
    expect(apiBaseUrlOf('https://abcd.supabase.co')).toBe('https://abcd.supabase.co/functions/v1');
    expect(apiBaseUrlOf('http://127.0.0.1:54721/')).toBe('http://127.0.0.1:54721/functions/v1');
  });
});
