import { useEffect } from 'react';
import { usePrerender } from '@/lib/prerender-context';

/** Sets the page title and meta description while the page is shown; restores them after. */
export function useDocumentMeta(title: string, description: string): void {
  // The prerender runs no effects: it reads them here, as the page renders.
  const prerender = usePrerender();
  if (prerender) Object.assign(prerender, { title, description });

  useEffect(() => {
    const previousTitle = document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previousDescription = meta.content;
    document.title = title;
    meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
