import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { HoneypotField, honeypotValue } from './honeypot-field';

function Form({ onSend }: { onSend: (website: string) => void }) {
  return (
    <form
      aria-label="Contact"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSend(honeypotValue(event));
      }}
    >
      <label>
        Name
        <input name="name" />
      </label>
      <HoneypotField />
      <button type="submit">Send</button>
    </form>
  );
}

describe('HoneypotField', () => {
  it('is out of reach of people: hidden from assistive technology and skipped by Tab', async () => {
    const sent: string[] = [];
    render(<Form onSend={(website) => sent.push(website)} />);
    expect(screen.queryByRole('textbox', { name: /website/i })).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual(['']);
  });

  it('hands on what a bot typed into it', () => {
    const sent: string[] = [];
    const { container } = render(<Form onSend={(website) => sent.push(website)} />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    fireEvent.change(trap, { target: { value: 'https://spam.example' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Contact' }));
    expect(sent).toEqual(['https://spam.example']);
  });
});
