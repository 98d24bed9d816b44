/** Routes of the revisions feature, registered by src/http/routes/index.ts. */
import type { RouteModule } from '../types.js';

export const ROUTES: RouteModule[] = [];
