/** Routes of the revisions feature, registered by src/http/routes/index.ts. */
import type { RouteModule } from '../types.js';
import revise from './revise.js';
import health from './health.js';

export const ROUTES: RouteModule[] = [revise, health];
