/** The marketplace: search, categories, a listing's detail, subscribe and fork. */
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import type { Session } from '../App';
import { Link, navigate } from '../router';
import { Empty, ErrorNote, Loading } from '../ui';

const CATEGORIES = [
  'e-commerce', 'travel', 'jobs', 'real-estate', 'news-media', 'finance', 'sports', 'social',
  'government', 'education', 'food', 'automotive', 'entertainment', 'health', 'reference', 'other',
];

interface Summary {
  id: string;
  slug: string;
  name: string;
  description: string;
  source_url: string;
  endpoint_count: number;
  primary_category: string;
}

export function MarketPage({ session }: { session: Session | null }) {
  const params = new URLSearchParams(location.search);
  const [q, setQ] = useState(params.get('q') ?? '');
  const [category, setCategory] = useState(params.get('category') ?? '');
  const [items, setItems] = useState<Summary[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const search = async (query: string, cat: string) => {
    setError(null);
    const qs = new URLSearchParams({ limit: '50' });
    if (query) qs.set('q', query);
    if (cat) qs.set('category', cat);
    history.replaceState(null, '', `/market${query || cat ? `?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(cat ? { category: cat } : {}) })}` : ''}`);
    try {
      const r = await api('GET', `/marketplace/apis?${qs}`);
      setItems(r.items);
      setTotal(r.total);
    } catch (e) {
      setError(e);
    }
  };
  useEffect(() => {
    void search(q, category);
  }, [category]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(q, category);
  };
  return (
    <section>
      <h1>Marketplace</h1>
      <form role="search" onSubmit={submit} className="inline-form">
        <div className="field grow">
          <label htmlFor="mq">Search APIs</label>
          <input id="mq" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="e.g. book prices" />
        </div>
        <div className="field">
          <label htmlFor="mcat">Category</label>
          <select id="mcat" value={category} onChange={(e) => setCategory(e.target.value)}>
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
      <ErrorNote error={error} />
      {items === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <Empty title="No API matches.">
          Try other words or another category{session ? (
            <>
              , or <Link href="/build">build the API yourself</Link>
            </>
          ) : null}
          .
        </Empty>
      ) : (
        <>
          <p className="muted">{total} APIs</p>
          <ul className="grid">
            {items.map((i) => (
              <li key={i.id} className="card">
                <Link href={`/market/${i.slug || i.id}`}>
                  <strong>{i.name}</strong>
                </Link>
                <p className="muted">{i.description}</p>
                <p className="muted small">
                  {i.primary_category} · {i.endpoint_count} endpoints
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface Detail {
  id: string;
  name: string;
  description: string;
  source_url: string;
  latest_version: number;
  pinned_version?: number | null;
  user_status?: string;
  user_scraper_id?: string | null;
  primary_category: string;
  apis: Array<{ endpoint_name: string; method: string; description: string }>;
}

export function ListingPage({ id, session }: { id: string; session: Session | null }) {
  const [d, setD] = useState<Detail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<Detail>('GET', `/marketplace/apis/${encodeURIComponent(id)}`).then(setD, setError);
  }, [id]);
  const take = async (how: 'subscribe' | 'fork') => {
    setBusy(true);
    setError(null);
    try {
      const r = await api('POST', `/marketplace/apis/${encodeURIComponent(id)}/${how}`);
      await session?.refresh();
      navigate(r.task_id ? `/apis/${r.task_id}` : '/apis');
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  if (error && !d) return <ErrorNote error={error} />;
  if (!d) return <Loading />;
  return (
    <section>
      <h1>{d.name}</h1>
      <p>{d.description}</p>
      <p className="muted">
        From <code>{d.source_url}</code> · {d.primary_category} · version {d.latest_version}
        {d.pinned_version ? ` · your copy is pinned to version ${d.pinned_version}` : ''}
      </p>
      {session ? (
        d.user_status && d.user_status !== 'none' ? (
          <p role="status">You have this API ({d.user_status}).</p>
        ) : (
          <div className="row">
            <button type="button" disabled={busy} onClick={() => void take('subscribe')}>
              Subscribe
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void take('fork')}>
              Fork (an editable copy)
            </button>
          </div>
        )
      ) : (
        <p>
          <Link href={`/login?next=${encodeURIComponent(`/market/${id}`)}`}>Log in</Link> to subscribe.
        </p>
      )}
      <ErrorNote error={error} />
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
