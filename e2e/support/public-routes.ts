import { paths, useCasePath, useCaseSlugs } from '../../src/config/paths';

/** Every page a signed-out visitor can open. */
export const publicRoutes = [
  paths.home.href,
  paths.auth.href,
  paths.pricing.href,
  paths.terms.href,
  paths.privacy.href,
  paths.contact.href,
  paths.docs.href,
  paths.docsPhoneAgent.href,
  paths.status.href,
  paths.help.href,
  ...useCaseSlugs.map(useCasePath),
];
