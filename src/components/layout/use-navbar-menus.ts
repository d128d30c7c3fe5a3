import { useCallback, useState } from 'react';

type NavbarMenus = typeof import('./navbar-menus');

let loaded: NavbarMenus | undefined;
let loading: Promise<NavbarMenus> | undefined;

/** Loads the chunk of the bar's open menus once (again after a failure, e.g. offline). */
export function loadNavbarMenus(): Promise<NavbarMenus> {
  loading ??= import('./navbar-menus').then(
    (menus) => (loaded = menus),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The navigation bar's open menus (navbar-menus.tsx), loaded when the visitor reaches for the bar:
 * a pointer over it, focus in it, a press on it. Until they have arrived an open menu shows
 * nothing; the Use Cases panel opens 200 ms after the pointer rests on its item, time enough for a
 * few kilobytes. If they cannot load, the menus stay closed and the next reach tries again.
 */
export function useNavbarMenus() {
  const [menus, setMenus] = useState(loaded);
  const requestMenus = useCallback(() => {
    if (menus) return;
    loadNavbarMenus().then(setMenus, () => {});
  }, [menus]);
  return { menus, requestMenus };
}
