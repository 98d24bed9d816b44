/** Revisions of the API: ask for a change (then follow its build), and the ones asked before. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api, type ReviseResult, type TaskList } from '../../api';
import { get, keys, queryClient } from '../../query';
import { Status, when } from '../../ui';

export function Revisions({ taskId }: { taskId: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const list = useQuery({ queryKey: keys.taskPart(taskId, 'revisions'), queryFn: get<TaskList>(`/dispatch/tasks/${taskId}/revisions`) });
  const ask = useMutation({
    mutationFn: () => api<ReviseResult>('POST', `/dispatch/tasks/${taskId}/revise`, { revision: text }),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: keys.tasks });
      await navigate(`/build/${r.task_id}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate();
  };
  const rows = list.data?.tasks ?? [];
  return (
    <>
      <h2>Revisions</h2>
      <form onSubmit={submit} className="inline-form">
        <div className="field grow">
          <label htmlFor="revision">Ask for a change</label>
          <input id="revision" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. also return the author" aria-describedby="revision-msg" />
          <div id="revision-msg" className="error" role="alert">
            {ask.error instanceof Error ? ask.error.message : ''}
          </div>
        </div>
        <button type="submit" disabled={!text.trim() || ask.isPending}>
          Request revision
        </button>
      </form>
      {rows.length ? (
        <ul className="list">
          {rows.map((r) => (
            <li key={r.id}>
              <Link to={`/build/${r.id}`}>{r.revision_type ?? 'revision'}</Link> <Status value={r.status} /> <span className="muted">{when(r.created_at)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No revisions yet.</p>
      )}
    </>
  );
}
