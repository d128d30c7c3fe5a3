/**
 * An account page's URL as the app shows it: the page (a path and query, or a pattern of them),
 * then, in live mode, the `mode=live` marker every account page carries. Test mode is unmarked.
 */
export function accountUrl(page: string | RegExp): RegExp {
  const source =
    typeof page === 'string' ? page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : page.source;
  return new RegExp(`${source}(?:[?&]mode=live)?$`);
}
