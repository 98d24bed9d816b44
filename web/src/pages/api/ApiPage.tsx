/**
 * One API: its endpoints with a playground each (and the login session they share), exports to
 * copy, versions, revisions, health and upstream updates. Each part is its own component file.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Task } from '../../api';
import { get, keys } from '../../query';
import { useRequiredSession } from '../../session';
import { ErrorNote, Loading, Status } from '../../ui';
import { Playground } from './Playground';
import { SessionCard, type PlaygroundSession } from './SessionCard';
import { Updates } from './Updates';
import { Exports } from './Exports';
import { Versions } from './Versions';
import { Revisions } from './Revisions';
import { Health } from './Health';
import { Removal } from './Removal';

/** When the API was archived (the task says; null while live). */
const archivedAtOf = (task: Task): string | null => task.archived_at ?? null;

export function ApiPage() {
  const { taskId = '' } = useParams();
  const session = useRequiredSession();
  const q = useQuery({ queryKey: keys.task(taskId), queryFn: get<Task>(`/dispatch/tasks/${encodeURIComponent(taskId)}`) });
  // The login session the playground sends with each call; a login endpoint's answer fills it.
  const [loginSession, setLoginSession] = useState<PlaygroundSession>({ session_id: '', encryption_key: '' });
  const task = q.data;
  if (q.error && !task) return <ErrorNote error={q.error} />;
  if (!task) return <Loading />;
  const g = task.generated_api;
  if (task.status !== 'completed' || !g) {
    return (
      <section>
        <h1>This API is not ready</h1>
        <p>
          Its task is <Status value={task.status} />. <Link to={`/build/${taskId}`}>Follow its progress</Link>.
        </p>
      </section>
    );
  }
  const usesSession = g.endpoints.some((e) => e.initiates_session || e.depends_on_session);
  return (
    <section>
      <h1>{g.name}</h1>
      <p className="muted">
        {g.description} · built from <code>{task.url}</code> · {task.source ?? 'built'}
      </p>
      <h2>Endpoints and playground</h2>
      {usesSession ? <SessionCard value={loginSession} onChange={setLoginSession} /> : null}
      {g.endpoints.map((e) => (
        <Playground key={e.endpoint_name} scraperId={g.scraper_id} endpoint={e} session={loginSession} onSession={setLoginSession} onCalled={session.refresh} />
      ))}
      <Updates taskId={taskId} />
      <Exports taskId={taskId} scraperId={g.scraper_id} />
      <Versions scraperId={g.scraper_id} />
      <Revisions taskId={taskId} />
      <Health scraperId={g.scraper_id} />
      <Removal taskId={taskId} scraperId={g.scraper_id} archivedAt={archivedAtOf(task)} />
    </section>
  );
}
