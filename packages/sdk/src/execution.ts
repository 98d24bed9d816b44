/**
 * Executing a generated endpoint: `POST /scraper/{id}/{endpoint}` with a JSON body, or GET
 * with the parameters in the query string (decisions.md "Execution bodies"). The answer is the
 * endpoint's own JSON; the limit headers come back beside it.
 */
import type { Transport } from './http.js';
import { path } from './http.js';
import type { EndpointMethods } from './endpoint-methods.js';
import { limitsFromHeaders } from './limits.js';
import type { CallOptions, CallResult, EndpointResponse, Session } from './types/index.js';

export async function callEndpoint<TData>(
  http: Transport,
  methods: EndpointMethods,
  scraperId: string,
  endpointName: string,
  params: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<CallResult<TData>> {
  const method = options.method ?? methods.lookup(scraperId, endpointName) ?? 'POST';
  const headers: Record<string, string> = {};
  if (options.version !== undefined) headers['api-snapshot-version'] = String(options.version);
  if (options.session) {
    headers['x-session-id'] = options.session.session_id;
    headers['x-encryption-key'] = options.session.encryption_key;
  }
  const response = await http.request<EndpointResponse<TData>>({
    method,
    path: path`/scraper/${scraperId}/${endpointName}`,
    query: method === 'GET' ? params : undefined,
    body: method === 'POST' ? params : undefined,
    headers,
    signal: options.signal,
  });
  return {
    body: response.body,
    limits: limitsFromHeaders(response.headers),
    requestId: response.requestId,
    status: response.status,
  };
}

/** The session a login endpoint answered, to pass as `call(..., {session})`; undefined if none. */
export function sessionOf(body: EndpointResponse<unknown>): Session | undefined {
  if (typeof body.session_id === 'string' && typeof body.encryption_key === 'string') {
    return { session_id: body.session_id, encryption_key: body.encryption_key };
  }
  return undefined;
}
