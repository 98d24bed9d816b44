/** Build: the form (URL, task, options) that starts a build task. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, ApiError, type DispatchResult } from '../api';
import { keys, queryClient } from '../query';
import { useRequiredSession } from '../session';
import { ErrorNote, Field } from '../ui';

export function BuildPage() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const [url, setUrl] = useState('');
  const [task, setTask] = useState('');
  const [contribute, setContribute] = useState(true);
  const [allowAuth, setAllowAuth] = useState(false);
  const start = useMutation({
    mutationFn: () => api<DispatchResult>('POST', '/dispatch', { url, task, contributes_to_marketplace: contribute, allow_auth: allowAuth }),
    onSuccess: async (r) => {
      await Promise.all([session.refresh(), queryClient.invalidateQueries({ queryKey: keys.tasks })]);
      await navigate(r.matched ? `/apis/${r.task_id}` : `/build/${r.task_id}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };
  const apiErr = start.error instanceof ApiError ? start.error : null;
  const urlErr = apiErr?.field('url');
  const taskErr = apiErr?.field('task');
  return (
    <section className="narrow">
      <h1>Build an API</h1>
      <form onSubmit={submit}>
        <Field label="Website address" name="url" type="url" value={url} onChange={setUrl} required placeholder="https://example.com/" error={urlErr} />
        <Field label="What data do you want?" name="task" error={taskErr} hint="In plain words, e.g. “the products with name, price and availability”.">
          {(a) => <textarea {...a} name="task" rows={3} value={task} onChange={(e) => setTask(e.target.value)} />}
        </Field>
        <fieldset>
          <legend>Options</legend>
          <label className="check">
            <input type="checkbox" checked={contribute} onChange={(e) => setContribute(e.target.checked)} /> Share with the marketplace (free; otherwise 75
            credits and the API stays private for good)
          </label>
          <label className="check">
            <input type="checkbox" checked={allowAuth} onChange={(e) => setAllowAuth(e.target.checked)} /> The site needs a login (paid plans, after
            accepting the disclaimer)
          </label>
        </fieldset>
        {apiErr && !urlErr && !taskErr ? <ErrorNote error={apiErr} /> : null}
        <button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Build'}
        </button>
      </form>
    </section>
  );
}
