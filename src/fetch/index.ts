/**
 * The fetch layer: everything callers need, and nothing of undici. See types.ts for the glossary.
 */
export type { CookieJar, FetchRequest, FetchResponse, Fetcher } from './types.js';
export { createFetcher, type FetcherConfig, type FetcherOptions } from './client.js';
export { createCookieJar, type CookieJarOptions } from './cookies.js';
export {
  checkAddress,
  isPrivateAddress,
  resolveChecked,
  systemResolver,
  PrivateAddressError,
  type AllowPrivateTargets,
  type ResolvedAddress,
  type Resolver,
} from './address-guard.js';
export { detectBlock, parseRetryAfter, type BlockInfo, type BlockInput, type BlockType, type BlockVendor } from './blocks.js';
export { decodeBody, type DecodedText } from './charset.js';
export { isAllowedByRobots, parseRobots, type RobotsRules } from './robots.js';
export type { UpstreamReason } from './failures.js';
