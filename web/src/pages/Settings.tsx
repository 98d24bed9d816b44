/** The account: plan, credits, the one-time disclaimer, connected OAuth applications, log out. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { get, keys, queryClient } from '../query';
import { useRequiredSession } from '../session';
import type { Grant } from '../types';
import { Empty, ErrorNote, when } from '../ui';

export function SettingsPage() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const a = session.account;
  const grants = useQuery({ queryKey: keys.grants, queryFn: get<{ grants: Grant[] }>('/account/oauth-grants') });
  const accept = useMutation({ mutationFn: () => api('POST', '/account/disclaimer'), onSuccess: session.refresh });
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE', `/account/oauth-grants/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.grants }),
  });
  const logout = useMutation({
    mutationFn: () => api('POST', '/auth/logout'),
    onSuccess: async () => {
      // Nothing of this person stays cached for the next one at this browser.
      queryClient.clear();
      queryClient.setQueryData(keys.account, null);
      await navigate('/login', { replace: true });
    },
  });
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
          <button type="button" disabled={accept.isPending} onClick={() => accept.mutate()}>
            Accept the disclaimer
          </button>
        </div>
      )}
      <h2>Connected applications</h2>
      {!grants.data ? null : grants.data.grants.length === 0 ? (
        <Empty title="No application is connected.">An MCP client that supports OAuth asks for access here when you connect it to /mcp.</Empty>
      ) : (
        <ul className="list">
          {grants.data.grants.map((g) => (
            <li key={g.id}>
              <span>
                <strong>{g.client_name}</strong> <span className="muted">since {when(g.created_at)}, last used {when(g.last_used_at)}</span>
              </span>
              <button type="button" className="danger small" onClick={() => revoke.mutate(g.id)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorNote error={grants.error ?? accept.error ?? revoke.error ?? logout.error} />
      <h2>Session</h2>
      <button type="button" className="secondary" onClick={() => logout.mutate()}>
        Log out
      </button>
    </section>
  );
}
