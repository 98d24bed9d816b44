/**
 * Build: the form (URL, task, options), then the task's live progress from its Server-Sent
 * Events (stage, headline, per-endpoint status, log), cancel, and the credentials form when the
 * build waits for input.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../App';
import { Link, navigate } from '../router';
import { ErrorNote, Field, Status } from '../ui';

export function BuildPage({ session }: { session: Session }) {
  const [url, setUrl] = useState('');
  const [task, setTask] = useState('');
  const [contribute, setContribute] = useState(true);
  const [allowAuth, setAllowAuth] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ task_id: string; matched: boolean }>('POST', '/dispatch', { url, task, contributes_to_marketplace: contribute, allow_auth: allowAuth });
      await session.refresh();
      navigate(r.matched ? `/apis/${r.task_id}` : `/build/${r.task_id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const apiErr = error instanceof ApiError ? error : null;
  const urlErr = apiErr?.field('url');
  const taskErr = apiErr?.field('task');
  return (
    <section className="narrow">
      <h1>Build an API</h1>
      <form onSubmit={submit}>
        <Field label="Website address" name="url" type="url" value={url} onChange={setUrl} required placeholder="https://example.com/" error={urlErr} />
        <Field label="What data do you want?" name="task" error={taskErr} hint="In plain words, e.g. “the products with name, price and availability”.">
          {(a) => <textarea {...a} name="task" rows={3} value={task} onChange={(e) => setTask(e.target.value)} />}
        </Field>
        <fieldset>
          <legend>Options</legend>
          <label className="check">
            <input type="checkbox" checked={contribute} onChange={(e) => setContribute(e.target.checked)} /> Share with the marketplace (free; otherwise 75
            credits and the API stays private for good)
          </label>
          <label className="check">
            <input type="checkbox" checked={allowAuth} onChange={(e) => setAllowAuth(e.target.checked)} /> The site needs a login (paid plans, after
            accepting the disclaimer)
          </label>
        </fieldset>
        {apiErr && !urlErr && !taskErr ? <ErrorNote error={apiErr} /> : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Starting…' : 'Build'}
        </button>
      </form>
    </section>
  );
}

interface Progress {
  stage?: string;
  headline?: string;
  percent?: number;
  endpoints?: Array<{ endpoint_name: string; status: string; message?: string }>;
  log?: Array<{ at: string; level: string; message: string }>;
}

interface Prompt {
  kind: string;
  message: string;
  fields: Array<{ name: string; label: string; type: string; required?: boolean; options?: string[] }>;
}

export function TaskProgressPage({ taskId }: { taskId: string }) {
  const [status, setStatus] = useState('queued');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [final, setFinal] = useState<{ status: string; error: string | null } | null>(null);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  // Kept here, not in the form: the task leaves needs_input right after the answer, which removes the form.
  const [answered, setAnswered] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const es = new EventSource(`/dispatch/tasks/${encodeURIComponent(taskId)}/events`);
    es.onopen = () => setConnected(true);
    es.addEventListener('progress', (e) => {
      const d = JSON.parse((e as MessageEvent).data);
      setStatus(d.status);
      setProgress(d.progress);
    });
    es.addEventListener('done', (e) => {
      const d = JSON.parse((e as MessageEvent).data);
      setStatus(d.status);
      setFinal(d);
      es.close();
    });
    es.onerror = () => {
      // EventSource retries network drops by itself; CLOSED means the service refused the stream
      // (unknown task, ended session): read the task once, so the page says why (a 401 goes to log-in).
      if (es.readyState !== EventSource.CLOSED) return;
      setConnected(false);
      api('GET', `/dispatch/tasks/${encodeURIComponent(taskId)}`).then((t) => {
        setStatus(t.status);
        setProgress(t.progress ?? null);
      }, setError);
    };
    return () => es.close();
  }, [taskId]);

  useEffect(() => {
    if (status !== 'needs_input') return setPrompt(null);
    setAnswered(false);
    api('GET', `/dispatch/tasks/${taskId}`).then((t) => setPrompt(t.user_input_prompt ?? null), setError);
  }, [status, taskId]);

  const cancel = async () => {
    setError(null);
    try {
      await api('POST', `/dispatch/tasks/${taskId}/cancel`);
    } catch (err) {
      setError(err);
    }
  };
  const done = final?.status === 'completed';
  const ended = !!final;
  return (
    <section>
      <h1>
        Build progress <Status value={status} />
      </h1>
      <p className="muted" aria-live="polite">
        {connected ? 'Live: updates appear as the build runs.' : ended ? '' : 'Connecting…'}
      </p>
      <div className="card" aria-live="polite">
        <p>
          <strong data-testid="stage">{progress?.stage ?? status}</strong> {progress?.headline ? <span data-testid="headline">— {progress.headline}</span> : null}
        </p>
        <progress max={100} value={progress?.percent ?? (done ? 100 : 0)} aria-label="Build progress" />
      </div>
      {progress?.endpoints?.length ? (
        <>
          <h2>Endpoints</h2>
          <ul className="list">
            {progress.endpoints.map((e) => (
              <li key={e.endpoint_name}>
                <code>{e.endpoint_name}</code> <Status value={e.status} /> {e.message ? <span className="muted">{e.message}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {answered && !final ? <p role="status">Sent. The build continues.</p> : null}
      {prompt && !answered ? <InputForm taskId={taskId} prompt={prompt} onSent={() => setAnswered(true)} /> : null}
      {final?.status === 'failed' ? (
        <p className="error" role="alert">
          The build failed: {final.error ?? 'no reason given'}. Try a clearer description of the data, or another page of the site.
        </p>
      ) : null}
      {final?.status === 'cancelled' ? <p role="status">The build was cancelled.</p> : null}
      <div className="row">
        {done ? (
          <Link href={`/apis/${taskId}`} className="button">
            Open the API
          </Link>
        ) : null}
        {!ended ? (
          <button type="button" className="danger" onClick={() => void cancel()}>
            Cancel build
          </button>
        ) : null}
      </div>
      <ErrorNote error={error} />
      {progress?.log?.length ? (
        <details open>
          <summary>Log ({progress.log.length} lines)</summary>
          <ol className="log">
            {progress.log.slice(-200).map((l, i) => (
              <li key={i} className={`log-${l.level}`}>
                <time>{new Date(l.at).toLocaleTimeString()}</time> {l.message}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

/** The builder's question (usually the site's credentials); answered with POST /dispatch/{task_id}. */
function InputForm({ taskId, prompt, onSent }: { taskId: string; prompt: Prompt; onSent: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api('POST', `/dispatch/${taskId}`, { user_response: values });
      // The values are not kept once sent.
      setValues({});
      onSent();
    } catch (err) {
      setError(err);
    }
  };
  const apiErr = error instanceof ApiError ? error : null;
  return (
    <form className="card" onSubmit={submit} autoComplete="off" noValidate>
      <h2>{prompt.kind === 'credentials' ? 'The site needs a login' : 'The build has a question'}</h2>
      <p>{prompt.message}</p>
      {prompt.fields.map((f) =>
        f.type === 'choice' ? (
          <Field key={f.name} label={f.label} name={f.name} error={apiErr?.field(f.name)}>
            {(a) => (
              <select {...a} value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}>
                <option value="">Choose…</option>
                {(f.options ?? []).map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type === 'otp' ? 'text' : f.type}
            required={f.required}
            value={values[f.name] ?? ''}
            onChange={(v) => setValues({ ...values, [f.name]: v })}
            error={apiErr?.field(f.name)}
          />
        ),
      )}
      {apiErr && !prompt.fields.some((f) => apiErr.field(f.name)) ? <ErrorNote error={apiErr} /> : null}
      <button type="submit">Send</button>
    </form>
  );
}
