import { paths, publicPagePaths } from '../../src/config/paths';

/** Every page a signed-out visitor can open: the public pages and sign-in. */
export const publicRoutes = [...publicPagePaths, paths.auth.href];
