/** Job kinds by name: `registry.register('build', handler, { onFailed })`. */
import type { JobHandler, JobKindOptions } from './types.js';

export interface JobKind extends JobKindOptions {
  handler: JobHandler<any>;
}

export class JobRegistry {
  private readonly kinds = new Map<string, JobKind>();

  register<P = unknown>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): this {
    if (this.kinds.has(kind)) throw new Error(`job kind "${kind}" is already registered`);
    this.kinds.set(kind, { ...options, handler: handler as JobHandler<any> });
    return this;
  }

  get(kind: string): JobKind | undefined {
    return this.kinds.get(kind);
  }

  /** Workers claim only these kinds, so a worker never takes a job it cannot run. */
  names(): string[] {
    return [...this.kinds.keys()];
  }
}
