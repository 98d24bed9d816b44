/**
 * Archiving the API (DELETE /scraper/{id}) and bringing it back (POST /scraper/{id}/restore).
 * Archiving asks once more before it goes; the answer says when it was archived.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, type ArchiveResult } from '../../api';
import { keys, queryClient } from '../../query';
import { ErrorNote, when } from '../../ui';

export function Removal({ taskId, scraperId, archivedAt }: { taskId: string; scraperId: string; archivedAt: string | null }) {
  const [confirming, setConfirming] = useState(false);
  // What the last archive/restore answered wins over what the task said when the page loaded.
  const [state, setState] = useState<string | null | undefined>(undefined);
  const archived = state === undefined ? archivedAt : state;
  const reread = () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.tasks }), queryClient.invalidateQueries({ queryKey: keys.usage('apis') })]);
  const archive = useMutation({
    mutationFn: () => api<ArchiveResult>('DELETE', `/scraper/${scraperId}`),
    onSuccess: async (r) => {
      setConfirming(false);
      setState(r.archived_at ?? new Date().toISOString());
      await reread();
    },
  });
  const restore = useMutation({
    mutationFn: () => api('POST', `/scraper/${scraperId}/restore`),
    onSuccess: async () => {
      setState(null);
      await Promise.all([reread(), queryClient.invalidateQueries({ queryKey: keys.task(taskId), exact: true })]);
    },
  });
  return (
    <>
      <h2>Remove</h2>
      {archived ? (
        <div className="card" data-testid="archived">
          <p role="status">
            Archived on {when(archived)}. Its endpoints no longer answer your calls; restore it to use it again.
          </p>
          <button type="button" disabled={restore.isPending} onClick={() => restore.mutate()}>
            Restore this API
          </button>
        </div>
      ) : confirming ? (
        <div className="card">
          <p>Archive this API? Calls to it stop working until you restore it. A version published to the marketplace stays there for its subscribers.</p>
          <div className="row">
            <button type="button" className="danger" disabled={archive.isPending} onClick={() => archive.mutate()}>
              Yes, archive it
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Archive this API
        </button>
      )}
      <ErrorNote error={archive.error ?? restore.error} />
    </>
  );
}
