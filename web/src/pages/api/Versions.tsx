/** The API's version snapshots, newest first. */
import { useQuery } from '@tanstack/react-query';
import { get, keys } from '../../query';
import type { VersionRow } from '../../types';
import { when } from '../../ui';

export function Versions({ scraperId }: { scraperId: string }) {
  const q = useQuery({ queryKey: keys.scraper(scraperId, 'versions'), queryFn: get<{ versions?: VersionRow[] }>(`/scrapers/${scraperId}/versions`) });
  const versions = q.data?.versions ?? [];
  if (!versions.length) return null;
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
