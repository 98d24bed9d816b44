/** Usage: calls and credits per day over the last 30 days (inline SVG bars), and per API. */
import { useQuery } from '@tanstack/react-query';
import { ApiError, type UsageByApi } from '../api';
import { get, keys } from '../query';
import type { UsageDay } from '../types';
import { ErrorNote, Loading, when } from '../ui';

function Chart({ days, field, label }: { days: UsageDay[]; field: 'calls' | 'credits'; label: string }) {
  const max = Math.max(1, ...days.map((d) => d[field]));
  const w = 600;
  const h = 140;
  const bw = w / days.length;
  const total = days.reduce((s, d) => s + d[field], 0);
  return (
    <figure>
      <figcaption>
        {label}: <strong data-testid={`total-${field}`}>{total}</strong> in {days.length} days
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h + 20}`} role="img" aria-label={`${label} per day, ${total} in total`} className={`chart chart-${field}`}>
        {days.map((d, i) => {
          const bh = (d[field] / max) * h;
          return (
            <rect key={d.date} x={i * bw + 1} y={h - bh} width={Math.max(1, bw - 2)} height={bh}>
              <title>{`${d.date}: ${d[field]}`}</title>
            </rect>
          );
        })}
        <line x1={0} y1={h} x2={w} y2={h} className="axis" />
        <text x={0} y={h + 16} className="tick">
          {days[0]?.date}
        </text>
        <text x={w} y={h + 16} textAnchor="end" className="tick">
          {days[days.length - 1]?.date}
        </text>
      </svg>
    </figure>
  );
}

/** Calls, errors and credits of each API over the same 30 days, busiest first. */
function PerApi() {
  const q = useQuery({ queryKey: keys.usage('apis'), queryFn: get<{ apis: UsageByApi[] }>('/account/usage/apis?days=30'), refetchInterval: 15_000 });
  // A service without the per-API route (older than issue 27) has nothing to show here.
  if (q.error instanceof ApiError && q.error.status === 404) return null;
  if (q.error) return <ErrorNote error={q.error} />;
  if (!q.data) return <Loading />;
  const apis = [...q.data.apis].sort((a, b) => b.calls - a.calls || b.credits - a.credits);
  return (
    <>
      <h2>Per API</h2>
      {apis.length === 0 ? (
        <p className="muted" data-testid="usage-apis-empty">
          No API was called in these 30 days.
        </p>
      ) : (
        <table data-testid="usage-apis">
          <thead>
            <tr>
              <th>API</th>
              <th className="num">Calls</th>
              <th className="num">Errors</th>
              <th className="num">Credits</th>
              <th>Last call</th>
            </tr>
          </thead>
          <tbody>
            {apis.map((a) => (
              <tr key={a.scraper_id} data-scraper={a.scraper_id}>
                <td>{a.name ?? <code>{a.scraper_id}</code>}</td>
                <td className="num" data-testid="api-calls">
                  {a.calls}
                </td>
                <td className="num">{a.errors}</td>
                <td className="num">{a.credits}</td>
                <td>{when(a.last_called_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function UsagePage() {
  const q = useQuery({ queryKey: keys.usage('days'), queryFn: get<{ days: UsageDay[] }>('/account/usage?days=30'), refetchInterval: 15_000 });
  if (q.error) return <ErrorNote error={q.error} />;
  if (!q.data) return <Loading />;
  const days = q.data.days;
  const any = days.some((d) => d.calls || d.credits);
  return (
    <section>
      <h1>Usage</h1>
      {!any ? <p className="muted">No calls yet. Call an endpoint from an API’s playground or your code and it shows here.</p> : null}
      <Chart days={days} field="calls" label="Calls" />
      <Chart days={days} field="credits" label="Credits spent" />
      <PerApi />
    </section>
  );
}
