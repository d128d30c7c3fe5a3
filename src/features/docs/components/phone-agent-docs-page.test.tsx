import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PhoneAgentDocsPage } from '@/features/docs/components/phone-agent-docs-page';
import { renderPublicPage } from '@/testing/render-public-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

const rowOf = (tableName: string, key: string) => {
  const table = screen.getByRole('table', { name: tableName });
  return within(table).getByRole('rowheader', { name: key }).closest('tr') as HTMLElement;
};

describe('PhoneAgentDocsPage', () => {
  it('has one h1 and sets its title', () => {
    renderPublicPage(<PhoneAgentDocsPage />, '/docs/phone-agent');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Phone agent settings' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Phone agent settings | Dialwise');
  });

  it.each([
    ['Aria (default)', 'Warm, friendly', '"Aria"'],
    ['Roger', 'Conversational male', '"Roger"'],
    ['Sarah', 'Professional female', '"Sarah"'],
    ['George', 'Deep male', '"George"'],
  ])('describes the voice %s', (name, description, value) => {
    renderPublicPage(<PhoneAgentDocsPage />, '/docs/phone-agent');

    const row = rowOf('Voices', name);
    expect(row).toHaveTextContent(description);
    expect(row).toHaveTextContent(value);
  });

  it('lists speaking styles and languages with their API values', () => {
    renderPublicPage(<PhoneAgentDocsPage />, '/docs/phone-agent');

    for (const style of ['Professional (default)', 'Conversational', 'Friendly']) {
      expect(rowOf('Speaking styles', style)).toBeInTheDocument();
    }
    for (const [language, code] of [
      ['English (default)', '"en"'],
      ['Spanish (Español)', '"es"'],
      ['Japanese (日本語)', '"ja"'],
      ['Arabic (العربية)', '"ar"'],
    ] as const) {
      expect(rowOf('Languages', language)).toHaveTextContent(code);
    }
  });

  it('maps each setting to its API field and default', () => {
    renderPublicPage(<PhoneAgentDocsPage />, '/docs/phone-agent');

    const table = screen.getByRole('table', { name: 'Settings and their API fields' });
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(row('Voice')).toHaveTextContent('voice');
    expect(row('Voice')).toHaveTextContent('"Aria"');
    expect(row('Speaking style')).toHaveTextContent('speaking_style');
    expect(row('Speaking style')).toHaveTextContent('"Professional"');
    expect(row('Language')).toHaveTextContent('en, es, fr, de');
    expect(row('Language')).toHaveTextContent('"en"');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('"speaking_style": "Friendly"');
  });
});
