/** One endpoint: its parameters as a form, the call, and the answer with status, credits and time. */
import { useState, type FormEvent } from 'react';
import { raw, reasonOf, type EndpointDefinition, type EndpointResponse } from '../../api';
import { PasswordInput } from '../../ui';
import { FieldConfidenceList } from './FieldConfidence';
import { isSecret, toParams, typeOf, type ParamSchema } from './params';
import type { PlaygroundSession } from './SessionCard';

interface Answer {
  status: number;
  body: unknown;
  credits: string | null;
  ms: number;
}

export function Playground(props: {
  scraperId: string;
  endpoint: EndpointDefinition;
  session: PlaygroundSession;
  onSession: (s: PlaygroundSession) => void;
  onCalled: () => Promise<void>;
}) {
  const { endpoint } = props;
  const schema = endpoint.input_params as { properties?: Record<string, ParamSchema>; required?: string[] };
  const fields = schema.properties ?? {};
  const initial = Object.fromEntries(Object.keys(fields).map((k) => [k, endpoint.sample_inputs?.[k] === undefined ? '' : String(endpoint.sample_inputs[k])]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: string, v: string) => setValues({ ...values, [k]: v });

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const { params, problems: found } = toParams(values, fields);
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const headers: Record<string, string> = {};
    if (props.session.session_id && props.session.encryption_key) {
      headers['x-session-id'] = props.session.session_id;
      headers['x-encryption-key'] = props.session.encryption_key;
    }
    const base = `/scraper/${props.scraperId}/${endpoint.endpoint_name}`;
    try {
      const a =
        endpoint.method === 'GET'
          ? await raw('GET', `${base}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, undefined, headers)
          : await raw('POST', base, params, headers);
      setAnswer({ status: a.status, body: a.body, credits: a.headers.get('x-credits-charged'), ms: a.ms });
      // A login endpoint answers the session the others need: fill it in for them.
      const b = a.body as EndpointResponse | null;
      if (a.status < 400 && b && typeof b.session_id === 'string' && typeof b.encryption_key === 'string') {
        props.onSession({ session_id: b.session_id, encryption_key: b.encryption_key });
      }
    } catch (err) {
      setAnswer({ status: 0, body: { error: `The call did not reach the service: ${String(err)}` }, credits: null, ms: 0 });
    } finally {
      setBusy(false);
    }
    void props.onCalled();
  };

  return (
    <details className="card endpoint" data-endpoint={endpoint.endpoint_name}>
      <summary>
        <code>{endpoint.method}</code> <strong>{endpoint.endpoint_name}</strong> <span className="muted">{endpoint.description}</span>
        {endpoint.initiates_session ? <span className="badge">login</span> : null}
      </summary>
      <FieldConfidenceList endpoint={endpoint} />
      <form onSubmit={run} className="playground" noValidate>
        {Object.entries(fields).map(([k, p]) => {
          const id = `${endpoint.endpoint_name}-${k}`;
          const t = typeOf(p.type);
          const input = isSecret(k, p) ? (
            <PasswordInput id={id} name={k} value={values[k] ?? ''} onChange={(v) => set(k, v)} aria-invalid={!!problems[k]} aria-describedby={`${id}-msg`} />
          ) : t === 'boolean' ? (
            <select id={id} name={k} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)} aria-describedby={`${id}-msg`}>
              <option value="">(not sent)</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          ) : Array.isArray(p.enum) && p.enum.length ? (
            <select id={id} name={k} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)} aria-describedby={`${id}-msg`}>
              <option value="">(not sent)</option>
              {p.enum.map((o) => (
                <option key={String(o)}>{String(o)}</option>
              ))}
            </select>
          ) : (
            <input
              id={id}
              name={k}
              type={t === 'integer' || t === 'number' ? 'number' : 'text'}
              step={t === 'integer' ? 1 : t === 'number' ? 'any' : undefined}
              value={values[k] ?? ''}
              aria-invalid={!!problems[k]}
              aria-describedby={`${id}-msg`}
              onChange={(e) => set(k, e.target.value)}
            />
          );
          return (
            <div className="field" key={k}>
              <label htmlFor={id}>
                {k} {schema.required?.includes(k) ? <span aria-label="required">*</span> : null} <span className="muted">{t}</span>
              </label>
              {input}
              <div id={`${id}-msg`} className={problems[k] ? 'error' : 'hint'} role={problems[k] ? 'alert' : undefined}>
                {problems[k] ?? p.description ?? ''}
              </div>
            </div>
          );
        })}
        {Object.keys(fields).length === 0 ? <p className="muted">This endpoint takes no parameters.</p> : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Calling…' : 'Call'}
        </button>
      </form>
      {answer ? (
        <div className="answer" aria-live="polite" data-testid="answer">
          <p>
            <span className={answer.status && answer.status < 400 ? 'ok' : 'error'}>Status {answer.status}</span> · credits charged{' '}
            <span data-testid="credits-charged">{answer.credits ?? '0'}</span> · {answer.ms} ms
          </p>
          {answer.status >= 400 || answer.status === 0 ? <p className="error">{reasonOf(answer.body, answer.status)}</p> : null}
          <pre>{JSON.stringify(answer.body, null, 2)}</pre>
        </div>
      ) : null}
    </details>
  );
}
