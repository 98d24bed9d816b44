/**
 * Every job kind the workers can run, registered by name. Each kind lives in its own file.
 */
import type { JobRegistry } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';

export function registerJobs(_registry: JobRegistry, _deps: ServiceDeps): void {
  // The build job arrives with the builder (jobs/build.ts).
}
