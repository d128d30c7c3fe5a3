import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_EMAIL } from '@/config/constants';
import { PrivacyPage } from '@/features/legal/components/privacy-page';
import { TermsPage } from '@/features/legal/components/terms-page';
import { renderPublicPage } from '@/testing/render-public-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

const numberedHeadings = () => screen.getAllByRole('heading', { level: 2, name: /^\d+\. / });

describe('TermsPage', () => {
  it('shows one h1, the last-updated date and 18 numbered sections in order', () => {
    renderPublicPage(<TermsPage />, '/terms');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(
      screen.getByText((_, element) => element?.textContent === 'Last updated November 27, 2026'),
    ).toBeInTheDocument();

    const headings = numberedHeadings();
    expect(headings).toHaveLength(18);
    headings.forEach((heading, index) => {
      expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. `));
    });
  });

  it('sets the document title and meta description', () => {
    renderPublicPage(<TermsPage />, '/terms');

    expect(document.title).toBe('Terms of Service | Dialwise');
    expect(
      document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
    ).toMatch(/terms that govern your use of Dialwise/);
  });

  it('lists every section in the table of contents, linked to its anchor', () => {
    renderPublicPage(<TermsPage />, '/terms');

    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(18);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).toBeInTheDocument();
    }
  });

  it('scrolls to and focuses a section when its contents link is clicked', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const user = userEvent.setup();
    renderPublicPage(<TermsPage />, '/terms');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Contents' })).getByRole('link', {
        name: '14. Limitation of liability',
      }),
    );

    expect(scrollTo).toHaveBeenCalled();
    expect(document.activeElement).toBe(
      screen.getByRole('region', { name: '14. Limitation of liability' }),
    );
    expect(window.location.hash).toBe('#limitation-of-liability');
    vi.unstubAllGlobals();
  });

  it('shows the liability cap and links the contact e-mail', () => {
    renderPublicPage(<TermsPage />, '/terms');

    const liability = screen.getByRole('region', { name: '14. Limitation of liability' });
    expect(liability).toHaveTextContent(
      'the greater of USD 100 or the fees you paid us in the 3 months',
    );
    const contact = screen.getByRole('region', { name: '18. General terms and contact' });
    expect(within(contact).getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${CONTACT_EMAIL}`,
    );
  });
});

describe('PrivacyPage', () => {
  it('shows one h1, the effective date and 10 numbered sections', () => {
    renderPublicPage(<PrivacyPage />, '/privacy');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(
      screen.getByText((_, element) => element?.textContent === 'Effective November 27, 2026'),
    ).toBeInTheDocument();
    expect(numberedHeadings()).toHaveLength(10);
    expect(document.title).toBe('Privacy Policy | Dialwise');
  });

  it('shows the retention periods', () => {
    renderPublicPage(<PrivacyPage />, '/privacy');

    const retention = screen.getByRole('region', { name: '6. Data retention' });
    expect(retention).toHaveTextContent('kept for up to 30 days, then deleted');
    expect(retention).toHaveTextContent('No audio is stored by default');
    expect(retention).toHaveTextContent('90 days for freight check-in and pet care calls');
    expect(retention).toHaveTextContent('24 months');
    expect(retention).toHaveTextContent('active plus 60 days');
    expect(retention).toHaveTextContent('Technical logs: 30 days');
  });
});
