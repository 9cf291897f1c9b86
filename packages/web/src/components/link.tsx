// The app's links. React Router's own <Link> and <NavLink> carry its framework mode's route
// prefetching (<PrefetchPageLinks>, route-module discovery, single fetch), which a single-page app
// never uses but every page pays for: about 3 KB gzip of the home page's JavaScript (`npm run size`).
// These are built on the hooks React Router documents for custom links (useHref,
// useLinkClickHandler), so a click navigates exactly as its <Link> would: modifier keys and
// middle clicks open a tab, target="_blank" is left to the browser, state and replace carry over.
import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** History state for the next page (read with useLocation().state). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkRenderProps {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on this exact path, not on the paths below it (a home link). */
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** Whether `pathname` is `target`, or below it unless `end` (React Router's NavLink rule, case-insensitive). */
export function isActivePath(pathname: string, target: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const to = target.length > 1 ? target.replace(/\/+$/, '').toLowerCase() : target.toLowerCase();
  if (current === to) return true;
  // "/" is below nothing: it is active only on "/" itself.
  return !end && to !== '/' && current.startsWith(`${to}/`);
}

/** A link that knows whether it points at the current page: `aria-current="page"` and the active class. */
export function NavLink({ end, className, children, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = isActivePath(pathname, useResolvedPath(rest.to).pathname, end);
  const props = { isActive };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(props) : className}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
}
