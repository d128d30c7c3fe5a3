/**
 * The URL's hash as the page loaded, kept for the redirect rules, which load later with the auth
 * client (src/app/root-layout.tsx): by then supabase-js may have cleared a confirmation link's
 * tokens from the URL. main.tsx imports this module first thing, so it reads the hash at start.
 */
export const initialUrlHash = typeof window === 'undefined' ? '' : window.location.hash;
