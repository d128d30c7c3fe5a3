import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const indexHtml = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');

describe('the page before the app mounts', () => {
  it('shows the brand and that it is loading, not a blank page', () => {
    document.documentElement.innerHTML = indexHtml.replace(/<script[\s\S]*?<\/script>/g, '');
    const root = document.getElementById('root')!;
    const status = root.querySelector('[role="status"]');
    expect(status).not.toBeNull();
    expect(status).toHaveTextContent('Dialwise');
    expect(status).toHaveTextContent('Loading…');
    // The prerender replaces exactly this span (scripts/prerender.ts).
    expect(root.children).toHaveLength(1);
    expect(root.firstElementChild).toHaveAttribute('data-boot-shell');
    expect(root.querySelectorAll('div')).toHaveLength(1);
  });
});
