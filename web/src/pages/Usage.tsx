/** Usage: calls and credits per day over the last 30 days, as an inline SVG bar chart. */
import { useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorNote, Loading } from '../ui';

interface Day {
  date: string;
  calls: number;
  errors: number;
  credits: number;
}

function Chart({ days, field, label }: { days: Day[]; field: 'calls' | 'credits'; label: string }) {
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

export function UsagePage() {
  const [days, setDays] = useState<Day[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const load = () => api('GET', '/account/usage?days=30').then((r) => setDays(r.days), setError);
    void load();
    const timer = setInterval(load, 15_000);
    return () => clearInterval(timer);
  }, []);
  if (error) return <ErrorNote error={error} />;
  if (!days) return <Loading />;
  const any = days.some((d) => d.calls || d.credits);
  return (
    <section>
      <h1>Usage</h1>
      {!any ? <p className="muted">No calls yet. Call an endpoint from an API’s playground or your code and it shows here.</p> : null}
      <Chart days={days} field="calls" label="Calls" />
      <Chart days={days} field="credits" label="Credits spent" />
    </section>
  );
}
