/**
 * Where a webhook may go: http(s) only, no credentials in the URL, and the same private-address
 * guard as fetching (fetch/address-guard.ts), with the operator's QUARRY_ALLOW_PRIVATE_TARGETS.
 * Checked when the URL is set (a clear 400) and again at every try by the connector's guarded
 * lookup (a host that later resolves to a private address is refused then: no DNS rebinding).
 */
import { Agent, type Dispatcher } from 'undici';
import type { Config } from '../../config/index.js';
import { badRequest } from '../../errors/index.js';
import { CheckedAddresses, PrivateAddressError, guardedLookup, resolveChecked, systemResolver, type Resolver } from '../../fetch/address-guard.js';

export async function checkWebhookUrl(config: Pick<Config, 'allowPrivateTargets'>, raw: string, resolver: Resolver = systemResolver): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('webhook_url is not a valid URL', { param: 'webhook_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('webhook_url must be an http or https URL', { param: 'webhook_url' });
  if (url.username || url.password) throw badRequest('webhook_url must not carry credentials', { param: 'webhook_url' });
  try {
    await resolveChecked(url.hostname, config.allowPrivateTargets, resolver);
  } catch (err) {
    if (err instanceof PrivateAddressError) {
      throw badRequest(`webhook_url points to a private address (${err.address}); the operator has not allowed private targets`, { param: 'webhook_url', reason: 'private_address' });
    }
    throw badRequest(`webhook_url host ${url.hostname} does not resolve`, { param: 'webhook_url' });
  }
  return url.toString();
}

/** The dispatcher webhook requests go through: every connection to a checked address only. */
export function webhookDispatcher(config: Pick<Config, 'allowPrivateTargets'>, timeoutMs: number, resolver: Resolver = systemResolver): Dispatcher {
  return new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs, lookup: guardedLookup(config.allowPrivateTargets, resolver, new CheckedAddresses()) },
  });
}
