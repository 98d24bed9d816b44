/** My APIs and tasks, newest first; in-flight tasks refresh by themselves. */
import { useEffect, useState } from 'react';
import { api } from '../api';
import { Link } from '../router';
import { Empty, ErrorNote, Loading, Status, when } from '../ui';

interface TaskRow {
  id: string;
  url: string;
  task: string;
  status: string;
  source?: string;
  created_at: string;
  generated_api?: { name?: string } | null;
  parent_task_id?: string | null;
}

export function ApisPage() {
  const [tasks, setTasks] = useState<TaskRow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const load = async () => {
      try {
        const r = await api<{ tasks: TaskRow[] }>('GET', '/dispatch/tasks?limit=100');
        if (stop) return;
        setTasks(r.tasks);
        if (r.tasks.some((t) => ['queued', 'running', 'needs_input'].includes(t.status))) timer = setTimeout(load, 2000);
      } catch (e) {
        if (!stop) setError(e);
      }
    };
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);
  if (error) return <ErrorNote error={error} />;
  if (!tasks) return <Loading />;
  return (
    <section>
      <div className="row spread">
        <h1>My APIs and tasks</h1>
        <Link href="/build" className="button">
          Build an API
        </Link>
      </div>
      {tasks.length === 0 ? (
        <Empty title="You have no APIs yet.">
          <Link href="/build">Build one from a website</Link> or <Link href="/market">subscribe to one in the marketplace</Link>.
        </Empty>
      ) : (
        <ul className="list tasks">
          {tasks.map((t) => (
            <li key={t.id}>
              <Link href={t.status === 'completed' ? `/apis/${t.id}` : `/build/${t.id}`}>
                <strong>{t.generated_api?.name ?? t.url}</strong>
              </Link>
              <span className="muted"> {t.task || (t.parent_task_id ? 'revision' : '')}</span>
              <span className="row">
                <Status value={t.status} /> {t.source ? <span className="muted">{t.source}</span> : null}
                <span className="muted">{when(t.created_at)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
