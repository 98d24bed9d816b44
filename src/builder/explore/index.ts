/**
 * Exploration of a website: what pages it has (list, detail, pagination), how they are
 * addressed (URL templates), search forms, feeds, sitemaps, JSON endpoints and structured data.
 * See types.ts for the glossary.
 */
export { explore } from './explore.js';
export { SiteFetcher, FetchRefused, createBudgetedFetcher, isRefusal, isRobotsRefusal, type SiteFetcherOptions, type StopReason } from './site-fetcher.js';
export { groupUrls, matchTemplate, fillTemplate, sameSite, type UrlGroup } from './url-template.js';
export { findPagination, type PaginationLinks } from './pagination.js';
export { findSearchForms } from './forms.js';
export { parseFeed, parseSitemap, robotsSitemaps } from './feeds.js';
export { detailParameters } from './detail-params.js';
export { pagesOf, probeWords } from './helpers.js';
export type * from './types.js';
