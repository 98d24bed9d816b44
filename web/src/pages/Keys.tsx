/** API keys: a new key is shown once (held only by this page's state), then only listed. */
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { CopyButton, Empty, ErrorNote, Field, when } from '../ui';

interface KeyRow {
  id: string;
  name: string | null;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used: string | null;
  revoked_at: string | null;
}

export function KeysPage() {
  const [keys, setKeys] = useState<KeyRow[] | null>(null);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [fresh, setFresh] = useState<{ api_key: string; warning: string | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = () => api<{ keys: KeyRow[] }>('GET', '/account/api-keys').then((r) => setKeys(r.keys), setError);
  useEffect(() => {
    void load();
    // Forget the shown key when the page goes away.
    return () => setFresh(null);
  }, []);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const body: Record<string, string> = {};
      if (name) body.name = name;
      if (expires) body.expires_at = new Date(expires).toISOString();
      setFresh(await api('POST', '/account/api-key', body));
      setName('');
      setExpires('');
      await load();
    } catch (err) {
      setError(err);
    }
  };
  const revoke = async (id: string) => {
    setError(null);
    try {
      await api('DELETE', `/account/api-keys/${id}`);
      await load();
    } catch (err) {
      setError(err);
    }
  };
  const apiErr = error instanceof ApiError ? error : null;
  const active = keys?.filter((k) => !k.revoked_at) ?? [];
  return (
    <section>
      <h1>API keys</h1>
      <p className="muted">Send a key as X-API-Key to call your APIs from code. MCP clients with OAuth need no key.</p>
      {fresh ? (
        <div className="card highlight" role="status">
          <p>
            <strong>Your new key.</strong> Copy it now: it is shown only once and cannot be recovered.
          </p>
          <div className="row">
            <code data-testid="new-key" className="secret">
              {fresh.api_key}
            </code>
            <CopyButton text={fresh.api_key} />
          </div>
          {fresh.warning ? <p className="muted">{fresh.warning}</p> : null}
          <button type="button" className="secondary small" onClick={() => setFresh(null)}>
            I have copied it
          </button>
        </div>
      ) : null}
      <form onSubmit={create} className="inline-form">
        <Field label="Name" name="name" value={name} onChange={setName} placeholder="e.g. laptop" error={apiErr?.field('name')} />
        <Field label="Expires (optional)" name="expires" type="datetime-local" value={expires} onChange={setExpires} error={apiErr?.field('expires_at')} />
        <button type="submit">Create key</button>
      </form>
      {apiErr && !apiErr.field('name') && !apiErr.field('expires_at') ? <ErrorNote error={apiErr} /> : null}
      {keys === null ? null : active.length === 0 ? (
        <Empty title="You have no API keys.">Create one above to call your APIs from code or a command line.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Expires</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {active.map((k) => (
              <tr key={k.id} data-testid="key-row">
                <td>{k.name ?? '—'}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{when(k.created_at)}</td>
                <td>{when(k.last_used)}</td>
                <td>{when(k.expires_at)}</td>
                <td>
                  <button type="button" className="danger small" onClick={() => void revoke(k.id)} aria-label={`Revoke key ${k.name ?? k.prefix}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
