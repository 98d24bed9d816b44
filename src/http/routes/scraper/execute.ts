import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { RouteModule } from '../types.js';
import { executeEndpoint, ExecutionFailure, type ExecutionInput } from '../../../services/execute.js';
import { refuseSessionInUrl, splitSession } from '../../../services/sessions.js';
import { parseSnapshotVersion } from '../../snapshot-version.js';
import { executionHeaders } from '../../../ratelimit/index.js';
import { callerOf } from '../../plugins/auth.js';

type ExecRequest = FastifyRequest<{ Params: { scraper_id: string; endpoint_name: string } }>;

const params = {
  type: 'object',
  properties: {
    scraper_id: { type: 'string', maxLength: 100 },
    endpoint_name: { type: 'string', maxLength: 100 },
  },
  required: ['scraper_id', 'endpoint_name'],
} as const;

const headerOf = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * What this face reads: parameters from the query string (GET, which runs GET endpoints only) or
 * the JSON body (POST), the version pin and session pair from headers. A session in a URL is
 * refused (it would end up in logs); in a POST body it is taken out of the parameters.
 */
function readInput(req: ExecRequest): ExecutionInput {
  const get = req.method === 'GET';
  if (get) refuseSessionInUrl(req.query);
  const headers = { sessionId: headerOf(req, 'x-session-id'), encryptionKey: headerOf(req, 'x-encryption-key') };
  return {
    ...splitSession(get ? req.query : req.body, headers),
    version: parseSnapshotVersion(req.headers['api-snapshot-version']),
    onlyMethod: get ? 'GET' : undefined,
  };
}

/** The contract's rate-limit and credit headers, rendered from the execution's figures. */
function accountingHeaders(r: { charged: number; balance: number | null; limits: Parameters<typeof executionHeaders>[0] }): Record<string, string> {
  const headers = { ...executionHeaders(r.limits), 'x-credits-charged': String(r.charged) };
  // A balance the database could not give is left out (services/execute.ts), never sent as 0.
  return r.balance === null ? headers : { ...headers, 'x-credits-remaining': String(r.balance) };
}

/**
 * POST /scraper/{scraper_id}/{endpoint_name} (JSON body) and GET for GET endpoints (query
 * string). The answer is the endpoint's own JSON or the execution error envelope, with the
 * rate-limit and credit headers either way.
 */
const route: RouteModule = (app, deps) => {
  const handler = async (req: ExecRequest, reply: FastifyReply) => {
    const caller = callerOf(req);
    // A caller that hangs up cancels the upstream work.
    const abort = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort(new Error('client closed the connection'));
    });
    const res = await executeEndpoint(
      deps,
      { userId: caller.userId, keyId: caller.keyId ?? '', plan: caller.plan ?? 'free' },
      {
        scraperId: req.params.scraper_id,
        endpointName: req.params.endpoint_name,
        read: () => readInput(req),
        signal: abort.signal,
      },
    ).catch((failure: unknown) => {
      if (!(failure instanceof ExecutionFailure)) throw failure;
      // The error handler writes the body; the accounting rides on the reply's headers.
      void reply.headers(accountingHeaders(failure));
      throw failure.error;
    });
    return reply.code(200).headers(accountingHeaders(res)).send(res.body);
  };
  const schema: FastifySchema = {
    tags: ['execution'],
    security: [{ ApiKey: [] }, { Bearer: [] }],
    params,
    headers: {
      type: 'object',
      properties: {
        'api-snapshot-version': { type: 'string', description: 'Pin a version (integer >= 1).' },
        'x-session-id': { type: 'string' },
        'x-encryption-key': { type: 'string' },
      },
    },
  };
  app.post('/scraper/:scraper_id/:endpoint_name', {
    config: { auth: 'key', inputCheckedByService: true },
    schema: { ...schema, summary: 'Execute an endpoint (parameters in a JSON body)', body: { description: 'Endpoint parameters (its input_params).' } },
    handler,
  });
  app.get('/scraper/:scraper_id/:endpoint_name', {
    config: { auth: 'key', inputCheckedByService: true },
    schema: { ...schema, summary: 'Execute a GET endpoint (parameters in the query string)' },
    handler,
  });
};
export default route;
