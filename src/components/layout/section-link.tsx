import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isPlainClick, useScrollToSection } from '@/lib/scroll-to-section';

type SectionLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  /** Id of a landing-page section. */
  section: string;
};

/**
 * A real link to a landing-page section (`#id` on `/`, `/#id` elsewhere) whose plain clicks
 * smooth-scroll with the navigation-bar offset instead of jumping.
 */
export function SectionLink({ section, onClick, children, ...props }: SectionLinkProps) {
  const { pathname } = useLocation();
  const goToSection = useScrollToSection();
  const href = pathname === paths.home.path ? `#${section}` : `${paths.home.href}#${section}`;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (!isPlainClick(event)) return;
    event.preventDefault();
    goToSection(section);
  }

  return (
    <a href={href} onClick={handleClick} {...props}>
      {children}
    </a>
  );
}
