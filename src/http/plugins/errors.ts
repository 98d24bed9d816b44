/**
 * The one place where anything thrown during a request becomes a response, through
 * `toHttp()` of the error vocabulary. Fastify's own errors (bad JSON, schema violations,
 * oversized bodies) are first translated into QuarryErrors.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QuarryError, badRequest, isQuarryError, knownError, toHttp, validationFailed } from '../../errors/index.js';
import { violationWords } from '../validation-messages.js';

function fromFastify(err: FastifyError): QuarryError | null {
  if (err.validation) {
    // Each violation in words ("password must be at least 8 characters"); the details keep
    // which field, where, and the schema keyword it broke.
    const details = err.validation.map((v) => ({
      field: fieldOf(v.instancePath, v.params, err.validationContext),
      message: violationWords(v),
      in: err.validationContext,
      keyword: v.keyword,
    }));
    const first = details[0];
    return validationFailed(first ? `${first.field} ${first.message}` : 'The request does not match its schema', details);
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return badRequest('Malformed JSON body');
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return badRequest('Empty JSON body');
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new QuarryError('bad_request', 'Request body too large');
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return badRequest('Unsupported content type; send application/json');
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new QuarryError(err.statusCode === 404 ? 'not_found' : 'bad_request', err.message);
  }
  return null;
}

function fieldOf(instancePath: string, params: Record<string, unknown>, ctx: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : null;
  const extra = typeof params.additionalProperty === 'string' ? params.additionalProperty : null;
  const name = [path, missing ?? extra].filter(Boolean).join('.');
  return name || (ctx ?? 'body');
}

/**
 * Errors Fastify raises before any route runs (an undecodable URL, a path segment over
 * maxParamLength, a bad Content-Type header) skip the error handler; this option gives them
 * the same shape. Pass it as Fastify's `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const reason =
    err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'Malformed request path: it must be valid percent-encoded UTF-8 and each segment at most 100 characters'
      : err.code === 'FST_ERR_ASYNC_CONSTRAINT'
        ? 'Request could not be routed'
        : 'Malformed request';
  const { statusCode, headers, body } = toHttp(badRequest(reason));
  void reply.code(statusCode).headers(headers).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const qe = isQuarryError(err) ? err : (fromFastify(err) ?? knownError(err));
    if (!qe) req.log.error({ err }, 'unhandled error');
    else if (qe !== err && qe.code === 'unavailable') req.log.warn({ err }, 'request met a lost connection');
    else if (qe.status >= 500) req.log.warn({ code: qe.code, msg: qe.message }, 'request failed');
    const { statusCode, headers, body } = toHttp(qe ?? err);
    void reply.code(statusCode).headers(headers).send(body);
  });
  app.setNotFoundHandler((_req, reply) => {
    const { statusCode, body } = toHttp(new QuarryError('route_not_found', 'Not Found'));
    void reply.code(statusCode).send(body);
  });
}
