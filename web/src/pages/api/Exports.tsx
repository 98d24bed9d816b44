/** The API's exports to copy: its OpenAPI document, its MCP tools, an SDK example. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpExport, SdkExampleResult } from '../../api';
import { api } from '../../api';
import { keys } from '../../query';
import { CopyButton, ErrorNote, Loading } from '../../ui';

type Which = 'openapi' | 'mcp' | 'sdk';

const load = async (which: Which, taskId: string, scraperId: string): Promise<string> => {
  if (which === 'openapi') return JSON.stringify(await api('GET', `/v1/apis/${scraperId}/openapi.json`), null, 2);
  if (which === 'mcp') return JSON.stringify(await api<McpExport>('GET', `/dispatch/tasks/${taskId}/export/mcp`), null, 2);
  return (await api<SdkExampleResult>('GET', `/dispatch/tasks/${taskId}/sdk-example`)).sdk_usage_example?.code ?? 'No example for this API.';
};

export function Exports({ taskId, scraperId }: { taskId: string; scraperId: string }) {
  const [which, setWhich] = useState<Which | null>(null);
  const q = useQuery({
    queryKey: keys.taskPart(taskId, `export-${which}`),
    queryFn: () => load(which as Which, taskId, scraperId),
    enabled: which !== null,
  });
  const button = (w: Which, label: string) => (
    <button type="button" className="secondary" aria-pressed={which === w} onClick={() => setWhich(w)}>
      {label}
    </button>
  );
  return (
    <>
      <h2>Use it elsewhere</h2>
      <div className="row" role="group" aria-label="Exports">
        {button('openapi', 'OpenAPI')}
        {button('mcp', 'MCP tools')}
        {button('sdk', 'SDK example')}
      </div>
      <ErrorNote error={q.error} />
      {which && q.isPending ? <Loading /> : null}
      {which && q.data ? (
        <div className="card">
          <CopyButton text={q.data} />
          <pre className="export">{q.data}</pre>
        </div>
      ) : null}
    </>
  );
}
