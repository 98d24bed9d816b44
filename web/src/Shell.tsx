/** The shell: who is logged in, the navigation, and the page the address shows (an Outlet). */
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { keys, queryClient, useAccount } from './query';
import { useSession } from './session';
import { ErrorNote, Loading } from './ui';

export function Shell() {
  const { pathname } = useLocation();
  const account = useAccount();
  useEffect(() => {
    // Any 401 (an expired session) means nobody is logged in any more; RequireSession then sends the person to log in.
    const on = () => queryClient.setQueryData(keys.account, null);
    window.addEventListener('quarry:unauthorized', on);
    return () => window.removeEventListener('quarry:unauthorized', on);
  }, []);
  useEffect(() => {
    document.querySelector('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pathname]);

  const session = useSession();
  const nav: Array<[string, string]> = session
    ? [
        ['/apis', 'My APIs'],
        ['/build', 'Build'],
        ['/market', 'Marketplace'],
        ['/monitoring', 'Monitors'],
        ['/usage', 'Usage'],
        ['/keys', 'API keys'],
        ['/settings', 'Account'],
      ]
    : [
        ['/market', 'Marketplace'],
        ['/login', 'Log in'],
        ['/signup', 'Sign up'],
      ];
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to={session ? '/apis' : '/market'} className="brand">
          Quarry
        </Link>
        <nav aria-label="Main">
          {nav.map(([href, label]) => (
            <Link key={href} to={href} aria-current={pathname === href || pathname.startsWith(href + '/') ? 'page' : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        {session ? (
          <span className="who">
            <span className="muted">{session.account.credits_remaining} credits</span>
          </span>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {account.isPending ? <Loading /> : account.isError ? <ErrorNote error={account.error} /> : <Outlet />}
      </main>
    </>
  );
}

/** Pages that need a session: without one, log in first and come back here. */
export function RequireSession() {
  const { pathname, search } = useLocation();
  const session = useSession();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  return <Outlet />;
}

export function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        <Link to="/apis">Go to your APIs</Link>
      </p>
    </section>
  );
}
