/** The self-heal sweep's last check of each endpoint. */
import { useQuery } from '@tanstack/react-query';
import { get, keys } from '../../query';
import type { HealthRow } from '../../types';
import { Status, when } from '../../ui';

export function Health({ scraperId }: { scraperId: string }) {
  const q = useQuery({ queryKey: keys.scraper(scraperId, 'health'), queryFn: get<{ endpoints?: HealthRow[] }>(`/dispatch/scrapers/${scraperId}/health`) });
  const rows = q.data?.endpoints ?? [];
  return (
    <>
      <h2>Health</h2>
      {!rows.length ? (
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
