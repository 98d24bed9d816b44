/**
 * A build task as it runs. The task itself (GET /dispatch/tasks/{id}) is the truth, refetched
 * while the task is not finished; its event stream only makes the progress arrive sooner. The
 * credentials form follows the task: it shows whenever the task waits for input with a question
 * not yet answered here (a refused login asks again, with the site's message).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { api, isTerminal, type Task, type TaskProgressEventData } from '../api';
import { get, keys, queryClient } from '../query';
import { ErrorNote, Loading, Status } from '../ui';
import { InputForm } from './InputForm';
import { DeleteTaskButton } from './DeleteTask';

/** What to try after a failure depends on why it failed: a site that could not be reached needs no clearer words. */
export function failureAdvice(error: string | null): string {
  if (error && /reach|resolve|dns|connect|timed? ?out|refused|unavailable|offline|blocked|ENOTFOUND|ECONN/i.test(error)) {
    return 'Check the address, or try again when the site answers.';
  }
  return 'Try a clearer description of the data, or another page of the site.';
}

function useTaskStream(taskId: string, running: boolean): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!running) return;
    const key = keys.task(taskId);
    const es = new EventSource(`/dispatch/tasks/${encodeURIComponent(taskId)}/events`);
    es.onopen = () => setConnected(true);
    es.addEventListener('progress', (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as TaskProgressEventData;
      const before = queryClient.getQueryData<Task>(key);
      if (before) queryClient.setQueryData<Task>(key, { ...before, status: d.status, progress: d.progress });
      // A new question or a changed state carries more than the event says: read the task.
      if (!before || before.status !== d.status || d.status === 'needs_input') void queryClient.invalidateQueries({ queryKey: key, exact: true });
    });
    es.addEventListener('done', () => {
      es.close();
      setConnected(false);
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    });
    es.onerror = () => {
      // EventSource retries network drops by itself; CLOSED means the service refused the stream
      // (unknown task, ended session): polling the task goes on and says why (a 401 goes to log-in).
      if (es.readyState === EventSource.CLOSED) setConnected(false);
    };
    return () => {
      es.close();
      setConnected(false);
    };
  }, [taskId, running]);
  return connected;
}

export function TaskProgressPage() {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: keys.task(taskId),
    queryFn: get<Task>(`/dispatch/tasks/${encodeURIComponent(taskId)}`),
    refetchInterval: (query) => (query.state.data && isTerminal(query.state.data.status) ? false : 1500),
  });
  const task = q.data;
  const running = !!task && !isTerminal(task.status);
  const connected = useTaskStream(taskId, running);
  // The question answered from this page (by when it was asked): the form hides until the task asks another.
  const [answered, setAnswered] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<unknown>(null);

  if (q.error && !task) return <ErrorNote error={q.error} />;
  if (!task) return <Loading />;
  const status = task.status;
  const progress = task.progress;
  const prompt = status === 'needs_input' ? task.user_input_prompt : null;
  const asking = !!prompt && prompt.asked_at !== answered;
  const done = status === 'completed';
  const cancel = async () => {
    setCancelError(null);
    try {
      await api('POST', `/dispatch/tasks/${taskId}/cancel`);
      await queryClient.invalidateQueries({ queryKey: keys.task(taskId), exact: true });
    } catch (err) {
      setCancelError(err);
    }
  };
  return (
    <section>
      <h1>
        Build progress <Status value={status} />
      </h1>
      {running ? (
        <p className="muted" aria-live="polite" data-testid="live">
          {connected ? 'Live: updates appear as the build runs.' : 'Connecting…'}
        </p>
      ) : null}
      <div className="card" aria-live="polite">
        <p>
          <strong data-testid="stage">{progress?.stage ?? status}</strong> {progress?.headline ? <span data-testid="headline">— {progress.headline}</span> : null}
        </p>
        <progress max={100} value={progress?.percent ?? (done ? 100 : 0)} aria-label="Build progress" />
      </div>
      {progress?.endpoints?.length ? (
        <>
          <h2>Endpoints</h2>
          <ul className="list">
            {progress.endpoints.map((e) => (
              <li key={e.endpoint_name}>
                <code>{e.endpoint_name}</code> <Status value={e.status} /> {e.message ? <span className="muted">{e.message}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {answered && running && !asking ? <p role="status">Sent. The build continues.</p> : null}
      {prompt && asking ? <InputForm key={prompt.asked_at} taskId={taskId} prompt={prompt} onSent={() => setAnswered(prompt.asked_at)} /> : null}
      {status === 'failed' ? (
        <p className="error" role="alert">
          The build failed: {task.error ?? 'no reason given'}. {failureAdvice(task.error)}
        </p>
      ) : null}
      {status === 'cancelled' ? <p role="status">The build was cancelled.</p> : null}
      <div className="row">
        {done ? (
          <Link to={`/apis/${taskId}`} className="button">
            Open the API
          </Link>
        ) : null}
        {running ? (
          <button type="button" className="danger" onClick={() => void cancel()}>
            Cancel build
          </button>
        ) : null}
        {status === 'failed' || status === 'cancelled' ? (
          <DeleteTaskButton taskId={taskId} label="Delete this task" onDeleted={() => navigate('/apis', { replace: true })} />
        ) : null}
      </div>
      <ErrorNote error={cancelError} />
      {progress?.log?.length ? (
        <details open>
          <summary>Log ({progress.log.length} lines)</summary>
          <ol className="log">
            {progress.log.slice(-200).map((l, i) => (
              <li key={i} className={`log-${l.level}`}>
                <time>{new Date(l.at).toLocaleTimeString()}</time> {l.message}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
