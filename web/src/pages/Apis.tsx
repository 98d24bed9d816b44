/** My APIs and tasks, newest first; the list refreshes by itself while something is in flight. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isTerminal, type TaskList } from '../api';
import { get, keys } from '../query';
import { Empty, ErrorNote, Loading, Status, when } from '../ui';
import { DeleteTaskButton } from './DeleteTask';

export function ApisPage() {
  const q = useQuery({
    queryKey: keys.tasks,
    queryFn: get<TaskList>('/dispatch/tasks?limit=100'),
    refetchInterval: (query) => (query.state.data?.tasks.some((t) => !isTerminal(t.status)) ? 2000 : false),
  });
  if (q.error) return <ErrorNote error={q.error} />;
  if (!q.data) return <Loading />;
  const tasks = q.data.tasks;
  return (
    <section>
      <div className="row spread">
        <h1>My APIs and tasks</h1>
        <Link to="/build" className="button">
          Build an API
        </Link>
      </div>
      {tasks.length === 0 ? (
        <Empty title="You have no APIs yet.">
          <Link to="/build">Build one from a website</Link> or <Link to="/market">subscribe to one in the marketplace</Link>.
        </Empty>
      ) : (
        <ul className="list tasks">
          {tasks.map((t) => (
            <li key={t.id} data-task={t.id}>
              <Link to={t.status === 'completed' ? `/apis/${t.id}` : `/build/${t.id}`}>
                <strong>{t.generated_api?.name ?? t.url}</strong>
              </Link>
              <span className="muted"> {t.task || (t.parent_task_id ? 'revision' : '')}</span>
              <span className="row">
                <Status value={t.status} /> {t.source ? <span className="muted">{t.source}</span> : null}
                <span className="muted">{when(t.created_at)}</span>
                {t.status === 'failed' || t.status === 'cancelled' ? (
                  <DeleteTaskButton taskId={t.id} label={`Delete the ${t.status} task for ${t.url}`} />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
