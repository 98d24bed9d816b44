/** One monitor: what it watches and when, run now, pause/resume, delete; its changes, runs and deliveries. */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api';
import { get, keys, queryClient } from '../../query';
import type { Monitor, MonitorChange, MonitorDelivery, MonitorRun } from '../../types';
import { ErrorNote, Loading, Status, when } from '../../ui';
import { ChangeDiff } from './ChangeDiff';
import { Deliveries } from './Deliveries';
import { Runs } from './Runs';
import { scheduleInWords, valueInWords } from './schedule';

// While the page is open, runs and deliveries move by themselves (scheduler, retries).
const FOLLOW_MS = 3000;

export function MonitorPage() {
  const { monitorId = '' } = useParams();
  const navigate = useNavigate();
  const base = `/monitors/${encodeURIComponent(monitorId)}`;
  const monitor = useQuery({ queryKey: keys.monitor(monitorId), queryFn: get<Monitor>(base), refetchInterval: FOLLOW_MS });
  const changes = useQuery({ queryKey: keys.monitorPart(monitorId, 'changes'), queryFn: get<{ changes: MonitorChange[] }>(`${base}/changes?limit=20`), refetchInterval: FOLLOW_MS });
  const runs = useQuery({ queryKey: keys.monitorPart(monitorId, 'runs'), queryFn: get<{ runs: MonitorRun[] }>(`${base}/runs?limit=20`), refetchInterval: FOLLOW_MS });
  const deliveries = useQuery({ queryKey: keys.monitorPart(monitorId, 'deliveries'), queryFn: get<{ deliveries: MonitorDelivery[] }>(`${base}/deliveries?limit=20`), refetchInterval: FOLLOW_MS });
  const reread = () => queryClient.invalidateQueries({ queryKey: keys.monitor(monitorId) });
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');

  const runNow = useMutation({
    mutationFn: () => api<MonitorRun>('POST', `${base}/run`),
    onSuccess: async () => {
      setNote('Run queued: it shows below when it is done.');
      await reread();
    },
  });
  const pause = useMutation({
    mutationFn: (paused: boolean) => api<Monitor>('PATCH', base, { paused }),
    onSuccess: async (m) => {
      queryClient.setQueryData(keys.monitor(monitorId), m);
      setNote(m.paused ? 'Paused: no run until you resume it.' : 'Resumed.');
      await queryClient.invalidateQueries({ queryKey: keys.monitors, exact: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => api('DELETE', base),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: keys.monitor(monitorId) });
      await queryClient.invalidateQueries({ queryKey: keys.monitors, exact: true });
      await navigate('/monitoring', { replace: true });
    },
  });

  const m = monitor.data;
  if (monitor.error && !m) return <ErrorNote error={monitor.error} />;
  if (!m) return <Loading />;
  const params = Object.entries(m.params ?? {});
  return (
    <section>
      <p>
        <Link to="/monitoring">All monitors</Link>
      </p>
      <h1>
        {m.name ?? m.endpoint_name} {m.paused ? <Status value="paused" /> : <Status value="active" />}
      </h1>
      <dl className="facts">
        <dt>Watches</dt>
        <dd>
          <code>{m.endpoint_name}</code>
          {params.length ? <span className="muted"> with {params.map(([k, v]) => `${k}=${valueInWords(v)}`).join(', ')}</span> : null}
        </dd>
        <dt>Schedule</dt>
        <dd data-testid="schedule">{scheduleInWords(m)}</dd>
        <dt>Records keyed by</dt>
        <dd>{m.key_fields?.length ? m.key_fields.join(', ') : 'the endpoint’s id or url field (else the whole record)'}</dd>
        <dt>Webhook</dt>
        <dd>{m.webhook_url ? <code>{m.webhook_url}</code> : <span className="muted">none: changes are only listed here</span>}</dd>
        <dt>Last run</dt>
        <dd>
          {m.last_run_status ? <Status value={m.last_run_status} /> : null} {when(m.last_run_at)}
          {m.consecutive_failures ? <span className="error"> · {m.consecutive_failures} failures in a row</span> : null}
        </dd>
        {!m.paused && m.next_run_at ? (
          <>
            <dt>Next run</dt>
            <dd>{when(m.next_run_at)}</dd>
          </>
        ) : null}
      </dl>
      {m.paused && m.paused_reason ? (
        <p className="error" role="alert" data-testid="paused-reason">
          Paused: {m.paused_reason}
        </p>
      ) : null}
      <div className="row">
        <button type="button" disabled={runNow.isPending} onClick={() => runNow.mutate()}>
          Run now
        </button>
        <button type="button" className="secondary" disabled={pause.isPending} onClick={() => pause.mutate(!m.paused)}>
          {m.paused ? 'Resume' : 'Pause'}
        </button>
        {confirming ? (
          <>
            <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Yes, delete this monitor
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      {note ? <p role="status">{note}</p> : null}
      <ErrorNote error={runNow.error ?? pause.error ?? remove.error} />

      <h2>Changes</h2>
      {changes.error ? <ErrorNote error={changes.error} /> : null}
      {!changes.data ? (
        <Loading />
      ) : changes.data.changes.length === 0 ? (
        <p className="muted" data-testid="no-changes">
          No change yet. The first run sets the baseline; each later run that finds records added, removed or changed shows here.
        </p>
      ) : (
        changes.data.changes.map((c) => <ChangeDiff key={c.change_id} change={c} />)
      )}

      <h2>Runs</h2>
      {runs.error ? <ErrorNote error={runs.error} /> : runs.data ? <Runs runs={runs.data.runs} /> : <Loading />}

      <h2>Deliveries</h2>
      {deliveries.error ? (
        <ErrorNote error={deliveries.error} />
      ) : deliveries.data ? (
        <Deliveries monitorId={monitorId} deliveries={deliveries.data.deliveries} onRedelivered={() => queryClient.invalidateQueries({ queryKey: keys.monitorPart(monitorId, 'deliveries') })} />
      ) : (
        <Loading />
      )}
    </section>
  );
}
