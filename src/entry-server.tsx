/**
 * The build's prerender of one public page (scripts/prerender.ts): the browser's tree (AppFrame),
 * rendered to HTML for an anonymous visitor, so the browser hydrates it instead of rendering the
 * page again. Every lazily loaded part is waited for, the lower sections included.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppFrame } from '@/app/app';
import { AppRoutes, preloadRoute } from '@/app/router';
import { PrerenderContext, type PrerenderedMeta } from '@/lib/prerender-context';

export type PrerenderedPage = PrerenderedMeta & { html: string };

export async function prerenderPage(pathname: string): Promise<PrerenderedPage> {
  await preloadRoute(pathname);
  const meta: PrerenderedMeta = { title: '', description: '' };
  // An error would leave a part of the page to the browser (React renders it there instead):
  // the build fails rather than save such a page.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <PrerenderContext value={meta}>
      <AppFrame>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppFrame>
    </PrerenderContext>,
    {
      onError: (error) => void errors.push(error),
      // Every part in its place in the HTML: a large part would otherwise come at the end, put in
      // place by an inline script (streaming's way to show the top of a page first).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw errors[0];
  return { html, ...meta };
}
