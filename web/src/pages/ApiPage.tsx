/**
 * One API: its endpoints with a playground each, exports to copy (OpenAPI, MCP, SDK example),
 * versions, revisions (ask, follow), health and upstream updates (preview, merge, roll back).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, raw, reasonOf } from '../api';
import type { Session } from '../App';
import { Link, navigate } from '../router';
import { CopyButton, Empty, ErrorNote, Loading, Status, when } from '../ui';

interface Endpoint {
  method: string;
  endpoint_name: string;
  description: string;
  input_params: { properties?: Record<string, { type?: string | string[]; description?: string; enum?: unknown[] }>; required?: string[] };
  sample_inputs?: Record<string, unknown>;
  price?: number;
}

interface Task {
  id: string;
  url: string;
  status: string;
  source?: string;
  result_scraper_id?: string;
  contributes_to_marketplace?: boolean;
  generated_api?: { name: string; description: string; scraper_id: string; execution_base_url: string; endpoints: Endpoint[] } | null;
}

export function ApiPage({ taskId, session }: { taskId: string; session: Session }) {
  const [task, setTask] = useState<Task | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => api<Task>('GET', `/dispatch/tasks/${taskId}`).then(setTask, setError), [taskId]);
  useEffect(() => {
    void load();
  }, [load]);
  if (error) return <ErrorNote error={error} />;
  if (!task) return <Loading />;
  const g = task.generated_api;
  if (task.status !== 'completed' || !g) {
    return (
      <section>
        <h1>This API is not ready</h1>
        <p>
          Its task is <Status value={task.status} />. <Link href={`/build/${taskId}`}>Follow its progress</Link>.
        </p>
      </section>
    );
  }
  return (
    <section>
      <h1>{g.name}</h1>
      <p className="muted">
        {g.description} · built from <code>{task.url}</code> · {task.source ?? 'built'}
      </p>
      <h2>Endpoints and playground</h2>
      {g.endpoints.map((e) => (
        <Playground key={e.endpoint_name} scraperId={g.scraper_id} endpoint={e} onCalled={session.refresh} />
      ))}
      <Updates taskId={taskId} onMerged={load} />
      <Exports taskId={taskId} scraperId={g.scraper_id} />
      <Versions scraperId={g.scraper_id} />
      <Revisions taskId={taskId} />
      <Health scraperId={g.scraper_id} />
    </section>
  );
}

const typeOf = (t: string | string[] | undefined) => (Array.isArray(t) ? t.find((x) => x !== 'null') : t) ?? 'string';

function Playground({ scraperId, endpoint, onCalled }: { scraperId: string; endpoint: Endpoint; onCalled: () => Promise<void> }) {
  const props = endpoint.input_params.properties ?? {};
  const initial = Object.fromEntries(Object.keys(props).map((k) => [k, endpoint.sample_inputs?.[k] === undefined ? '' : String(endpoint.sample_inputs[k])]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [answer, setAnswer] = useState<{ status: number; body: unknown; credits: string | null; ms: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      if (v === '') continue;
      const t = typeOf(props[k]?.type);
      params[k] = t === 'integer' || t === 'number' ? Number(v) : t === 'boolean' ? v === 'true' : v;
    }
    const base = `/scraper/${scraperId}/${endpoint.endpoint_name}`;
    const a =
      endpoint.method === 'GET'
        ? await raw('GET', `${base}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)
        : await raw('POST', base, params);
    setAnswer({ status: a.status, body: a.body, credits: a.headers.get('x-credits-charged'), ms: a.ms });
    setBusy(false);
    void onCalled();
  };
  return (
    <details className="card endpoint" data-endpoint={endpoint.endpoint_name}>
      <summary>
        <code>{endpoint.method}</code> <strong>{endpoint.endpoint_name}</strong> <span className="muted">{endpoint.description}</span>
      </summary>
      <form onSubmit={run} className="playground">
        {Object.entries(props).map(([k, p]) => (
          <div className="field" key={k}>
            <label htmlFor={`${endpoint.endpoint_name}-${k}`}>
              {k} {endpoint.input_params.required?.includes(k) ? <span aria-label="required">*</span> : null}{' '}
              <span className="muted">{typeOf(p.type)}</span>
            </label>
            <input id={`${endpoint.endpoint_name}-${k}`} name={k} value={values[k] ?? ''} onChange={(e) => setValues({ ...values, [k]: e.target.value })} />
            {p.description ? <div className="hint">{p.description}</div> : null}
          </div>
        ))}
        {Object.keys(props).length === 0 ? <p className="muted">This endpoint takes no parameters.</p> : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Calling…' : 'Call'}
        </button>
      </form>
      {answer ? (
        <div className="answer" aria-live="polite" data-testid="answer">
          <p>
            <span className={answer.status < 400 ? 'ok' : 'error'}>Status {answer.status}</span> · credits charged{' '}
            <span data-testid="credits-charged">{answer.credits ?? '0'}</span> · {answer.ms} ms
          </p>
          {answer.status >= 400 ? <p className="error">{reasonOf(answer.body, answer.status)}</p> : null}
          <pre>{JSON.stringify(answer.body, null, 2)}</pre>
        </div>
      ) : null}
    </details>
  );
}

function Exports({ taskId, scraperId }: { taskId: string; scraperId: string }) {
  const [which, setWhich] = useState<'openapi' | 'mcp' | 'sdk' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const show = async (w: 'openapi' | 'mcp' | 'sdk') => {
    setError(null);
    setWhich(w);
    try {
      if (w === 'openapi') setText(JSON.stringify(await api('GET', `/v1/apis/${scraperId}/openapi.json`), null, 2));
      if (w === 'mcp') setText(JSON.stringify(await api('GET', `/dispatch/tasks/${taskId}/export/mcp`), null, 2));
      if (w === 'sdk') setText((await api('GET', `/dispatch/tasks/${taskId}/sdk-example`)).sdk_usage_example?.code ?? 'No example for this API.');
    } catch (e) {
      setError(e);
    }
  };
  return (
    <>
      <h2>Use it elsewhere</h2>
      <div className="row" role="group" aria-label="Exports">
        <button type="button" className="secondary" aria-pressed={which === 'openapi'} onClick={() => void show('openapi')}>
          OpenAPI
        </button>
        <button type="button" className="secondary" aria-pressed={which === 'mcp'} onClick={() => void show('mcp')}>
          MCP tools
        </button>
        <button type="button" className="secondary" aria-pressed={which === 'sdk'} onClick={() => void show('sdk')}>
          SDK example
        </button>
      </div>
      <ErrorNote error={error} />
      {which && text ? (
        <div className="card">
          <CopyButton text={text} />
          <pre className="export">{text}</pre>
        </div>
      ) : null}
    </>
  );
}

function Versions({ scraperId }: { scraperId: string }) {
  const [versions, setVersions] = useState<Array<{ version: number; reason: string; created_at: string }> | null>(null);
  useEffect(() => {
    api('GET', `/scrapers/${scraperId}/versions`).then(
      (r) => setVersions(r.versions ?? []),
      () => setVersions([]),
    );
  }, [scraperId]);
  if (!versions?.length) return null;
  return (
    <>
      <h2>Versions</h2>
      <ul className="list">
        {versions.map((v) => (
          <li key={v.version}>
            <strong>v{v.version}</strong> <span className="muted">{v.reason}</span> <span className="muted">{when(v.created_at)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Revisions({ taskId }: { taskId: string }) {
  const [list, setList] = useState<Array<{ id: string; status: string; revision_type?: string; task?: string; created_at: string }> | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => api('GET', `/dispatch/tasks/${taskId}/revisions`).then((r) => setList(r.tasks), setError), [taskId]);
  useEffect(() => {
    void load();
  }, [load]);
  const ask = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await api('POST', `/dispatch/tasks/${taskId}/revise`, { revision: text });
      navigate(`/build/${r.task_id}`);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <h2>Revisions</h2>
      <form onSubmit={ask} className="inline-form">
        <div className="field grow">
          <label htmlFor="revision">Ask for a change</label>
          <input id="revision" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. also return the author" aria-describedby="revision-msg" />
          <div id="revision-msg" className="error" role="alert">
            {error instanceof Error ? error.message : ''}
          </div>
        </div>
        <button type="submit" disabled={!text.trim()}>
          Request revision
        </button>
      </form>
      {list?.length ? (
        <ul className="list">
          {list.map((r) => (
            <li key={r.id}>
              <Link href={`/build/${r.id}`}>{r.revision_type ?? 'revision'}</Link> <Status value={r.status} />{' '}
              <span className="muted">{when(r.created_at)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No revisions yet.</p>
      )}
    </>
  );
}

function Health({ scraperId }: { scraperId: string }) {
  const [rows, setRows] = useState<Array<{ endpoint_name: string; status: string; checked_at: string; last_failure: string | null }> | null>(null);
  useEffect(() => {
    api('GET', `/dispatch/scrapers/${scraperId}/health`).then(
      (r) => setRows(r.endpoints ?? []),
      () => setRows([]),
    );
  }, [scraperId]);
  return (
    <>
      <h2>Health</h2>
      {!rows?.length ? (
        <p className="muted">Not checked yet: the self-heal sweep checks endpoints periodically.</p>
      ) : (
        <ul className="list">
          {rows.map((h) => (
            <li key={h.endpoint_name}>
              <code>{h.endpoint_name}</code> <Status value={h.status} /> <span className="muted">checked {when(h.checked_at)}</span>
              {h.last_failure ? <span className="error"> {h.last_failure}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface Update {
  endpoint_name: string;
  type: string;
  description: string;
  method: string;
  user_has_called: boolean;
}

function Updates({ taskId, onMerged }: { taskId: string; onMerged: () => Promise<void> }) {
  const [updates, setUpdates] = useState<Update[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [preview, setPreview] = useState<Record<string, unknown>>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(
    () =>
      api('GET', `/dispatch/tasks/${taskId}/updates`).then(
        (r) => setUpdates(r.updates),
        () => setUpdates(null),
      ),
    [taskId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (fn: () => Promise<void>) => {
    setError(null);
    setNote('');
    try {
      await fn();
    } catch (e) {
      setError(e);
    }
  };
  if (updates === null) return null;
  return (
    <>
      <h2>Upstream updates</h2>
      {updates.length === 0 ? (
        <p className="muted" data-testid="no-updates">
          Up to date with the marketplace version.
        </p>
      ) : (
        <ul className="list">
          {updates.map((u) => (
            <li key={u.endpoint_name} data-update={u.endpoint_name}>
              <label className="check">
                <input type="checkbox" checked={!!chosen[u.endpoint_name]} onChange={(e) => setChosen({ ...chosen, [u.endpoint_name]: e.target.checked })} />{' '}
                <code>{u.endpoint_name}</code> <Status value={u.type} /> {u.user_has_called ? <span className="muted">(you use it)</span> : null}
              </label>
              <span className="muted">{u.description}</span>
              <button
                type="button"
                className="secondary small"
                onClick={() =>
                  act(async () => {
                    const r = await api('POST', `/dispatch/tasks/${taskId}/preview-update/${u.endpoint_name}`, {});
                    setPreview({ ...preview, [u.endpoint_name]: r });
                  })
                }
              >
                Preview
              </button>
              {preview[u.endpoint_name] ? <pre data-testid="preview">{JSON.stringify(preview[u.endpoint_name], null, 2)}</pre> : null}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        {updates.length ? (
          <button
            type="button"
            disabled={!Object.values(chosen).some(Boolean)}
            onClick={() =>
              act(async () => {
                const r = await api('POST', `/dispatch/tasks/${taskId}/merge-updates`, { endpoints: Object.keys(chosen).filter((k) => chosen[k]) });
                setNote(`Merged ${r.merged} endpoint(s)${r.code_merged ? ', code included' : ''}.`);
                setChosen({});
                await load();
                await onMerged();
              })
            }
          >
            Merge chosen
          </button>
        ) : null}
        <button
          type="button"
          className="secondary"
          onClick={() =>
            act(async () => {
              await api('POST', `/dispatch/tasks/${taskId}/rollback-merge`);
              setNote('The last merge was rolled back.');
              await load();
              await onMerged();
            })
          }
        >
          Roll back last merge
        </button>
      </div>
      {note ? (
        <p role="status" data-testid="merge-note">
          {note}
        </p>
      ) : null}
      <ErrorNote error={error} />
    </>
  );
}

export { Empty };
