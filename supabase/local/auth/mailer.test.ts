import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTemplate, textOf } from './mailer';

const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=x';

describe("the project's e-mail templates", () => {
  it.each(['confirmation', 'recovery'])(
    '%s: the plain-text part carries the link after the button text',
    (kind) => {
      const html = renderTemplate(readFileSync(`supabase/templates/${kind}.html`, 'utf8'), {
        ConfirmationURL: link,
      });
      const text = textOf(html);
      expect(text).toContain(`: ${link}`);
      expect(text).not.toMatch(/[<>]/);
    },
  );

  it('reads a link whose closing tag is broken across lines', () => {
    expect(textOf('<p><a\n href="https://x.test/a">Open</a\n >.</p>')).toBe(
      'Open: https://x.test/a.',
    );
  });
});
