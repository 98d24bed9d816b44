/** The marketplace: search, categories, a listing's detail, subscribe and fork. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, type MarketplaceListingDetail, type MarketplacePage, type SubscribeResult } from '../api';
import { get, keys, queryClient } from '../query';
import { useSession } from '../session';
import { Empty, ErrorNote, Loading } from '../ui';
import { plural } from '../words';

const CATEGORIES = [
  'e-commerce', 'travel', 'jobs', 'real-estate', 'news-media', 'finance', 'sports', 'social',
  'government', 'education', 'food', 'automotive', 'entertainment', 'health', 'reference', 'other',
];

export function MarketPage() {
  const session = useSession();
  // The address holds the search, so it can be shared and survives a reload.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const [text, setText] = useState(q);
  const search = new URLSearchParams({ limit: '50' });
  if (q) search.set('q', q);
  if (category) search.set('category', category);
  const result = useQuery({ queryKey: keys.market(q, category), queryFn: get<MarketplacePage>(`/marketplace/apis?${search}`) });
  const show = (nextQ: string, nextCategory: string) =>
    setParams({ ...(nextQ ? { q: nextQ } : {}), ...(nextCategory ? { category: nextCategory } : {}) }, { replace: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    show(text.trim(), category);
  };
  return (
    <section>
      <h1>Marketplace</h1>
      <form role="search" onSubmit={submit} className="inline-form">
        <div className="field grow">
          <label htmlFor="mq">Search APIs</label>
          <input id="mq" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. book prices" />
        </div>
        <div className="field">
          <label htmlFor="mcat">Category</label>
          <select id="mcat" value={category} onChange={(e) => show(text.trim(), e.target.value)}>
            <option value="">All</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      <ErrorNote error={result.error} />
      {!result.data ? (
        result.error ? null : <Loading />
      ) : result.data.items.length === 0 ? (
        <Empty title="No API matches.">
          Try other words or another category{session ? (
            <>
              , or <Link to="/build">build the API yourself</Link>
            </>
          ) : null}
          .
        </Empty>
      ) : (
        <>
          <p className="muted">{plural(result.data.total, 'API')}</p>
          <ul className="grid">
            {result.data.items.map((i) => (
              <li key={i.id} className="card">
                <Link to={`/market/${i.slug || i.id}`}>
                  <strong>{i.name}</strong>
                </Link>
                <p className="muted">{i.description}</p>
                <p className="muted small">
                  {i.primary_category} · {plural(i.endpoint_count, 'endpoint')}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ListingPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: keys.listing(id), queryFn: get<MarketplaceListingDetail>(`/marketplace/apis/${encodeURIComponent(id)}`) });
  const take = useMutation({
    mutationFn: (how: 'subscribe' | 'fork') => api<SubscribeResult>('POST', `/marketplace/apis/${encodeURIComponent(id)}/${how}`),
    onSuccess: async (r) => {
      await Promise.all([session?.refresh(), queryClient.invalidateQueries({ queryKey: keys.tasks }), queryClient.invalidateQueries({ queryKey: keys.listing(id) })]);
      await navigate(typeof r.task_id === 'string' ? `/apis/${r.task_id}` : '/apis');
    },
  });
  const d = detail.data;
  if (detail.error && !d) return <ErrorNote error={detail.error} />;
  if (!d) return <Loading />;
  const own = session && d.user_id === session.account.id;
  return (
    <section>
      <h1>{d.name}</h1>
      <p>{d.description}</p>
      <p className="muted">
        From <code>{d.source_url}</code> · {d.primary_category} · version {d.latest_version}
        {d.pinned_version ? ` · your copy is pinned to version ${d.pinned_version}` : ''}
      </p>
      {!session ? (
        <p>
          <Link to={`/login?next=${encodeURIComponent(`/market/${id}`)}`}>Log in</Link> to subscribe.
        </p>
      ) : d.user_status && d.user_status !== 'none' ? (
        <p role="status">You have this API ({d.user_status}).</p>
      ) : own ? (
        <p role="status">You published this API.</p>
      ) : (
        <div className="row">
          <button type="button" disabled={take.isPending} onClick={() => take.mutate('subscribe')}>
            Subscribe
          </button>
          <button type="button" className="secondary" disabled={take.isPending} onClick={() => take.mutate('fork')}>
            Fork (an editable copy)
          </button>
        </div>
      )}
      <ErrorNote error={take.error} />
      <h2>Endpoints</h2>
      <ul className="list">
        {d.apis.map((e) => (
          <li key={e.endpoint_name}>
            <code>{e.method}</code> <strong>{e.endpoint_name}</strong> <span className="muted">{e.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
