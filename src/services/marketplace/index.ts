/**
 * The marketplace: canonicals and their releases, listings, browse and search, dispatch
 * matching, subscriptions and forks, and upstream updates (list, preview, merge, rollback).
 * See docs/marketplace.md.
 */
export { publishRelease, publishReleaseIn, marketplaceReleaseHook, linkToRelease, detachFromCanonical, mergeEndpoints, type PublishReleaseInput, type PublishedRelease } from './release.js';
export { matchDispatch, type MatchOutcome, type MatchedDispatch, type MarketplaceMatch } from './match.js';
export { subscribe, fork, getListingOr404, type AcquiredApi } from './subscribe.js';
export { listUpdates, type UpdateEntry, type UpdatesView } from './updates.js';
export { mergeUpdates, rollbackMerge, type MergeResult, type RollbackResult } from './merge.js';
export { previewUpdate, type PreviewResult } from './preview.js';
export { browseListings, searchEndpoints, type BrowseQuery, type BrowseResult, type EndpointSearchQuery } from './browse.js';
export { listingDetail, listingSummary, type ListingDetail, type ListingSummary } from './views.js';
export { createCanonicals, type Canonicals } from './canonicals.js';
export { ListingSearch, createListingSearch, searchOf } from './search.js';
export { refreshTrust, computeTrust } from './stats.js';
export { siteKeyOf, type SiteKey } from './site-key.js';
export { coverage } from './coverage.js';
export { MARKETPLACE_USER_ID } from './system-account.js';
