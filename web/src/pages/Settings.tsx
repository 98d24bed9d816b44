/** The account: plan, credits, the one-time disclaimer, connected OAuth applications, log out. */
import { useEffect, useState } from 'react';
import { api } from '../api';
import type { Session } from '../App';
import { navigate } from '../router';
import { Empty, ErrorNote, when } from '../ui';

interface Grant {
  id: string;
  client_name: string;
  created_at: string;
  last_used_at: string | null;
}

export function SettingsPage({ session }: { session: Session }) {
  const a = session.account;
  const [error, setError] = useState<unknown>(null);
  const [grants, setGrants] = useState<Grant[] | null>(null);
  const loadGrants = () =>
    api<{ grants: Grant[] }>('GET', '/account/oauth-grants').then(
      (r) => setGrants(r.grants),
      (e) => setError(e),
    );
  useEffect(() => {
    void loadGrants();
  }, []);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section>
      <h1>Account</h1>
      <dl className="facts">
        <dt>Email</dt>
        <dd>{a.email}</dd>
        <dt>Plan</dt>
        <dd data-testid="plan">{a.plan}</dd>
        <dt>Credits</dt>
        <dd data-testid="credits">
          {a.credits_remaining} of {a.credits_limit} this month
        </dd>
      </dl>
      <h2>Disclaimer for login-protected sites</h2>
      {a.disclaimer_accepted_at ? (
        <p data-testid="disclaimer-status">Accepted on {when(a.disclaimer_accepted_at)}.</p>
      ) : (
        <div className="card">
          <p>
            Building an API for a site that needs a login means Quarry stores a session for that site and logs in on your behalf. You confirm you
            are allowed to access the site this way and that its terms permit it. You accept this once.
          </p>
          <button type="button" onClick={() => act(async () => (await api('POST', '/account/disclaimer'), await session.refresh()))}>
            Accept the disclaimer
          </button>
        </div>
      )}
      <h2>Connected applications</h2>
      {grants === null ? null : grants.length === 0 ? (
        <Empty title="No application is connected.">An MCP client that supports OAuth asks for access here when you connect it to /mcp.</Empty>
      ) : (
        <ul className="list">
          {grants.map((g) => (
            <li key={g.id}>
              <span>
                <strong>{g.client_name}</strong> <span className="muted">since {when(g.created_at)}, last used {when(g.last_used_at)}</span>
              </span>
              <button type="button" className="danger small" onClick={() => act(async () => (await api('DELETE', `/account/oauth-grants/${g.id}`), await loadGrants()))}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorNote error={error} />
      <h2>Session</h2>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          act(async () => {
            await api('POST', '/auth/logout');
            await session.refresh();
            navigate('/login', true);
          })
        }
      >
        Log out
      </button>
    </section>
  );
}
