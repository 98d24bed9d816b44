/** Webhook deliveries of a monitor's changes: status, tries, the receiver's answer, and redelivery. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api';
import type { MonitorDelivery } from '../../types';
import { ErrorNote, Status, when } from '../../ui';

export function Deliveries({ monitorId, deliveries, onRedelivered }: { monitorId: string; deliveries: MonitorDelivery[]; onRedelivered: () => Promise<unknown> }) {
  const again = useMutation({
    mutationFn: (id: string) => api<MonitorDelivery>('POST', `/monitors/${monitorId}/deliveries/${id}/redeliver`),
    onSuccess: onRedelivered,
  });
  if (!deliveries.length) return <p className="muted">No delivery yet: a webhook is sent for each change when the monitor has a webhook URL.</p>;
  return (
    <>
      <table data-testid="deliveries">
        <thead>
          <tr>
            <th>Sent</th>
            <th>Status</th>
            <th className="num">Tries</th>
            <th>Answer</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.delivery_id} data-delivery={d.delivery_id}>
              <td>
                {when(d.created_at)}
                {d.status === 'pending' && d.next_attempt_at ? <div className="muted small">next try {when(d.next_attempt_at)}</div> : null}
              </td>
              <td>
                <Status value={d.status} />
              </td>
              <td className="num">{d.attempts}</td>
              <td>
                {d.last_status_code ? <code>HTTP {d.last_status_code}</code> : null}
                {d.last_latency_ms !== null ? <span className="muted"> {d.last_latency_ms} ms</span> : null}
                {d.last_error ? <div className="error small">{d.last_error}</div> : null}
              </td>
              <td>
                <button
                  type="button"
                  className="secondary small"
                  disabled={again.isPending || d.status === 'pending'}
                  onClick={() => again.mutate(d.delivery_id)}
                  aria-label={`Redeliver the delivery of ${when(d.created_at)}`}
                >
                  Redeliver
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorNote error={again.error} />
    </>
  );
}
