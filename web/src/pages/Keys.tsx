/** API keys: a new key is shown once (held only by this page's state), then only listed. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../api';
import { get, keys, queryClient } from '../query';
import type { KeyRow, NewKey } from '../types';
import { CopyButton, Empty, ErrorNote, Field, when } from '../ui';

export function KeysPage() {
  const list = useQuery({ queryKey: keys.apiKeys, queryFn: get<{ keys: KeyRow[] }>('/account/api-keys') });
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  // The new key lives only here: gone when the person says it is copied or leaves the page.
  const [fresh, setFresh] = useState<NewKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.apiKeys });
  const create = useMutation({
    mutationFn: () => {
      const body: Record<string, string> = {};
      if (name) body.name = name;
      if (expires) body.expires_at = new Date(expires).toISOString();
      return api<NewKey>('POST', '/account/api-key', body);
    },
    onSuccess: async (k) => {
      setFresh(k);
      setName('');
      setExpires('');
      await refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => api('DELETE', `/account/api-keys/${id}`), onSuccess: refresh });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const apiErr = create.error instanceof ApiError ? create.error : null;
  const active = list.data?.keys.filter((k) => !k.revoked_at) ?? [];
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
      <form onSubmit={submit} className="inline-form">
        <Field label="Name" name="name" value={name} onChange={setName} placeholder="e.g. laptop" error={apiErr?.field('name')} />
        <Field label="Expires (optional)" name="expires" type="datetime-local" value={expires} onChange={setExpires} error={apiErr?.field('expires_at')} />
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
      </form>
      {apiErr && !apiErr.field('name') && !apiErr.field('expires_at') ? <ErrorNote error={apiErr} /> : null}
      <ErrorNote error={list.error ?? revoke.error} />
      {!list.data ? null : active.length === 0 ? (
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
                  <button type="button" className="danger small" onClick={() => revoke.mutate(k.id)} aria-label={`Revoke key ${k.name ?? k.prefix}`}>
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
