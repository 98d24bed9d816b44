/** The account's monitors: what each watches, how often, and how its last run went. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get, keys } from '../../query';
import type { Monitor } from '../../types';
import { Empty, ErrorNote, Loading, Status, when } from '../../ui';
import { scheduleInWords } from './schedule';

export function MonitorsPage() {
  const q = useQuery({ queryKey: keys.monitors, queryFn: get<{ monitors: Monitor[]; next_cursor: string | null }>('/monitors?limit=100'), refetchInterval: 10_000 });
  if (q.error) return <ErrorNote error={q.error} />;
  if (!q.data) return <Loading />;
  const monitors = q.data.monitors;
  return (
    <section>
      <h1>Monitors</h1>
      <p className="muted">
        A monitor calls one endpoint of your API on a schedule and tells you which records were added, removed or changed, by signed webhook and
        here.
      </p>
      {monitors.length === 0 ? (
        <Empty title="You have no monitors.">
          Create one with <code>POST /monitors</code>, the SDK, <code>quarry monitor create</code> or an MCP client.
        </Empty>
      ) : (
        <ul className="list" data-testid="monitors">
          {monitors.map((m) => (
            <li key={m.monitor_id} data-monitor={m.monitor_id}>
              <Link to={`/monitoring/${m.monitor_id}`}>
                <strong>{m.name ?? m.endpoint_name}</strong>
              </Link>
              <span className="muted">
                {' '}
                <code>{m.endpoint_name}</code> · {scheduleInWords(m)}
              </span>
              <span className="row">
                {m.paused ? <Status value="paused" /> : <Status value="active" />}
                {m.last_run_status ? <Status value={m.last_run_status} /> : <span className="muted">not run yet</span>}
                <span className="muted">last run {when(m.last_run_at)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
