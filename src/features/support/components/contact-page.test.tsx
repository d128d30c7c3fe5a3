import { beforeAll } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublicPage } from '@/testing/render-public-page';
import { ContactPage } from './contact-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

function renderContactPage() {
  renderPublicPage(<ContactPage />, '/contact');
  return userEvent.setup();
}

describe('ContactPage', () => {
  it('labels every field and makes the e-mail an e-mail input', () => {
    renderContactPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Contact Enterprise Sales' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Job title' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /phone number/i })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('refuses an empty form with one clear message per required field', async () => {
    const user = renderContactPage();
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const fullName = screen.getByRole('textbox', { name: 'Full name' });
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(fullName).toHaveAccessibleDescription('Enter your full name.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter your email address.',
    );
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription(
      'Enter your company name.',
    );
    expect(screen.getByRole('textbox', { name: 'Job title' })).toHaveAccessibleDescription(
      'Enter your job title.',
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'Tell us how we can help.',
    );
    // The optional phone number is not an error.
    expect(screen.getByRole('textbox', { name: /phone number/i })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(5);
    // Focus goes to the first invalid field.
    expect(fullName).toHaveFocus();
  });

  it('keeps what the visitor typed when the e-mail is invalid', async () => {
    const user = renderContactPage();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada-at-example.com');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Analytical Engines');
    await user.type(screen.getByRole('textbox', { name: 'Job title' }), 'CTO');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'About 20k calls a month.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(email).toHaveValue('ada-at-example.com');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Analytical Engines');
    expect(screen.getByRole('textbox', { name: 'Job title' })).toHaveValue('CTO');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'About 20k calls a month.',
    );

    // Fixing the field clears its error as the visitor types.
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
