/** A monitor's runs, newest first: when, how, what it found, what it cost, and why a run failed. */
import type { MonitorRun } from '../../types';
import { Status, when } from '../../ui';

export function Runs({ runs }: { runs: MonitorRun[] }) {
  if (!runs.length) return <p className="muted">No run yet.</p>;
  return (
    <table data-testid="runs">
      <thead>
        <tr>
          <th>Scheduled</th>
          <th>Status</th>
          <th className="num">Records</th>
          <th className="num">Pages</th>
          <th className="num">Credits</th>
          <th>Note</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.run_id} data-run={r.run_id}>
            <td>
              {when(r.scheduled_at)} {r.trigger === 'manual' ? <span className="muted">(run now)</span> : null}
            </td>
            <td>
              <Status value={r.status} />
            </td>
            <td className="num">{r.records ?? '—'}</td>
            <td className="num">{r.pages ?? '—'}</td>
            <td className="num">{r.charged ?? 0}</td>
            <td className={r.error_message ? 'error' : 'muted'}>
              {r.error_message ? `${r.error_code ? `${r.error_code}: ` : ''}${r.error_message}` : r.change_id ? 'changes found' : r.status === 'succeeded' ? 'no change' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
