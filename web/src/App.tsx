/** The shell: who is logged in, the navigation, and which page the address shows. */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { api, type Account } from './api';
import { Link, match, navigate, useLocation } from './router';
import { Loading } from './ui';
import { LoginPage, SignupPage } from './pages/Auth';
import { SettingsPage } from './pages/Settings';
import { KeysPage } from './pages/Keys';
import { BuildPage, TaskProgressPage } from './pages/Build';
import { ApisPage } from './pages/Apis';
import { ApiPage } from './pages/ApiPage';
import { MarketPage, ListingPage } from './pages/Market';
import { UsagePage } from './pages/Usage';

export interface Session {
  account: Account;
  refresh: () => Promise<void>;
}

const PUBLIC = ['/login', '/signup', '/market', '/market/:id'];

export function App() {
  const loc = useLocation();
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    setAccount(await api<Account>('GET', '/account').catch(() => null));
  }, []);
  useEffect(() => {
    void refresh();
    // Any 401 (an expired session) sends the person back to log in, then to where they were.
    const on = () => setAccount(null);
    window.addEventListener('quarry:unauthorized', on);
    return () => window.removeEventListener('quarry:unauthorized', on);
  }, [refresh]);

  const path = loc.pathname;
  const isPublic = PUBLIC.some((p) => match(p, path));
  useEffect(() => {
    if (account === null && !isPublic) navigate(`/login?next=${encodeURIComponent(path + loc.search)}`, true);
  }, [account, isPublic, path, loc.search]);
  useEffect(() => {
    const main = document.querySelector('main');
    main?.focus({ preventScroll: true });
  }, [path]);

  if (account === undefined) return <Loading />;
  const session: Session | null = account ? { account, refresh } : null;

  let page: ReactNode = <NotFound />;
  let m: Record<string, string> | null;
  if (path === '/login') page = <LoginPage onIn={refresh} next={loc.searchParams.get('next')} />;
  else if (path === '/signup') page = <SignupPage onIn={refresh} next={loc.searchParams.get('next')} />;
  else if (path === '/market') page = <MarketPage session={session} />;
  else if ((m = match('/market/:id', path))) page = <ListingPage id={m.id} session={session} />;
  else if (!session) page = <Loading />;
  else if (path === '/' || path === '/apis') page = <ApisPage />;
  else if (path === '/settings') page = <SettingsPage session={session} />;
  else if (path === '/keys') page = <KeysPage />;
  else if (path === '/build') page = <BuildPage session={session} />;
  else if ((m = match('/build/:task_id', path))) page = <TaskProgressPage taskId={m.task_id} />;
  else if ((m = match('/apis/:task_id', path))) page = <ApiPage taskId={m.task_id} session={session} />;
  else if (path === '/usage') page = <UsagePage />;

  const nav: Array<[string, string]> = session
    ? [
        ['/apis', 'My APIs'],
        ['/build', 'Build'],
        ['/market', 'Marketplace'],
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
        <Link href={session ? '/apis' : '/market'} className="brand">
          Quarry
        </Link>
        <nav aria-label="Main">
          {nav.map(([href, label]) => (
            <Link key={href} href={href} aria-current={path === href || (href !== '/' && path.startsWith(href + '/')) ? 'page' : undefined}>
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
        {page}
      </main>
    </>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        <Link href="/apis">Go to your APIs</Link>
      </p>
    </section>
  );
}
