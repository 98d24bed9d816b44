/** Routes of the marketplace feature, registered by src/http/routes/index.ts. */
import type { RouteModule } from '../types.js';
import browse from './browse.js';
import detail from './detail.js';
import searchEndpoints from './search-endpoints.js';
import subscribe from './subscribe.js';
import fork from './fork.js';
import updates from './updates.js';
import previewUpdate from './preview-update.js';
import mergeUpdates from './merge-updates.js';
import rollbackMerge from './rollback-merge.js';

export const ROUTES: RouteModule[] = [
  browse,
  detail,
  searchEndpoints,
  subscribe,
  fork,
  updates,
  previewUpdate,
  mergeUpdates,
  rollbackMerge,
];
