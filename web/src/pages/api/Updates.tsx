/** Upstream updates of a subscribed API: preview one, merge the chosen ones, roll the last merge back. */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type MergeResult, type PreviewUpdateResult, type UpdatesResult } from '../../api';
import { get, keys, queryClient } from '../../query';
import { ErrorNote, Status } from '../../ui';
import { plural } from '../../words';

export function Updates({ taskId }: { taskId: string }) {
  const key = keys.taskPart(taskId, 'updates');
  // A built (not subscribed) API has no upstream: the service answers an error, and the section stays away.
  const q = useQuery({ queryKey: key, queryFn: get<UpdatesResult>(`/dispatch/tasks/${taskId}/updates`), retry: false });
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [preview, setPreview] = useState<Record<string, PreviewUpdateResult>>({});
  const [note, setNote] = useState('');
  // The API itself changed: read the task (its endpoints) and the updates again.
  const reread = () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: keys.task(taskId), exact: true })]);
  const look = useMutation({
    mutationFn: (name: string) => api<PreviewUpdateResult>('POST', `/dispatch/tasks/${taskId}/preview-update/${name}`, {}),
    onSuccess: (r, name) => setPreview((p) => ({ ...p, [name]: r })),
  });
  const merge = useMutation({
    mutationFn: () => api<MergeResult>('POST', `/dispatch/tasks/${taskId}/merge-updates`, { endpoints: Object.keys(chosen).filter((k) => chosen[k]) }),
    onMutate: () => setNote(''),
    onSuccess: async (r) => {
      setNote(`Merged ${plural(r.merged, 'endpoint')}${r.code_merged ? ', code included' : ''}.`);
      setChosen({});
      await reread();
    },
  });
  const rollback = useMutation({
    mutationFn: () => api('POST', `/dispatch/tasks/${taskId}/rollback-merge`),
    onMutate: () => setNote(''),
    onSuccess: async () => {
      setNote('The last merge was rolled back.');
      await reread();
    },
  });
  if (!q.data) return null;
  const updates = q.data.updates;
  return (
    <>
      <h2>Upstream updates</h2>
      {updates.length === 0 ? (
        <p className="muted" data-testid="no-updates">
          Up to date with the marketplace version.
        </p>
      ) : (
        <ul className="list">
          {updates.map((u) => (
            <li key={u.endpoint_name} data-update={u.endpoint_name}>
              <label className="check">
                <input type="checkbox" checked={!!chosen[u.endpoint_name]} onChange={(e) => setChosen({ ...chosen, [u.endpoint_name]: e.target.checked })} />{' '}
                <code>{u.endpoint_name}</code> <Status value={u.type} /> {u.user_has_called ? <span className="muted">(you use it)</span> : null}
              </label>
              <span className="muted">{u.description}</span>
              <button type="button" className="secondary small" onClick={() => look.mutate(u.endpoint_name)}>
                Preview
              </button>
              {preview[u.endpoint_name] ? <pre data-testid="preview">{JSON.stringify(preview[u.endpoint_name], null, 2)}</pre> : null}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        {updates.length ? (
          <button type="button" disabled={!Object.values(chosen).some(Boolean) || merge.isPending} onClick={() => merge.mutate()}>
            Merge chosen
          </button>
        ) : null}
        <button type="button" className="secondary" disabled={rollback.isPending} onClick={() => rollback.mutate()}>
          Roll back last merge
        </button>
      </div>
      {note ? (
        <p role="status" data-testid="merge-note">
          {note}
        </p>
      ) : null}
      <ErrorNote error={look.error ?? merge.error ?? rollback.error} />
    </>
  );
}
