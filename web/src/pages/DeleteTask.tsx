/** Deleting a finished task that built nothing (failed or cancelled): DELETE /dispatch/tasks/{id}. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';
import { keys, queryClient } from '../query';
import { ErrorNote } from '../ui';

export function DeleteTaskButton({ taskId, label, onDeleted }: { taskId: string; label: string; onDeleted?: () => unknown }) {
  const del = useMutation({
    mutationFn: () => api('DELETE', `/dispatch/tasks/${encodeURIComponent(taskId)}`),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: keys.task(taskId) });
      await queryClient.invalidateQueries({ queryKey: keys.tasks, exact: true });
      await onDeleted?.();
    },
  });
  return (
    <>
      <button type="button" className="danger small" disabled={del.isPending} onClick={() => del.mutate()} aria-label={label}>
        Delete
      </button>
      {del.error ? <ErrorNote error={del.error} /> : null}
    </>
  );
}
