/**
 * Declared stages, shared by the build (pipeline.ts) and the revision (revise/index.ts).
 *
 * Glossary
 * - Stage: one named step of a build or a revision, with a typed input and output. Its name is
 *   the progress stage people see (fetching, analyzing, generating, testing).
 * - Failure code: why a stage failed, as a value (`FailureCode`); the message is for people.
 * - BuildFailedError: a failure a stage raises on purpose (the site is unreachable, nothing
 *   matched the task). BuildStageError: the same, stamped by the runner with the stage it
 *   happened in. Anything else thrown inside a stage is a fault: the runner turns it into the
 *   stage's 'internal' failure (an abort into 'aborted'), so no programming error reads as
 *   "nothing found".
 * - BuildStop: not a failure, a pause (a login wall asking for credentials, builder/auth/): it
 *   passes through the runner untouched, for the build job to turn into `needs_input`.
 */
import type { Logger } from 'pino';
import type { ProgressReporter, Stage } from './progress.js';
import { isExpected, messageOf } from '../errors/expected.js';

export type StageName = Exclude<Stage, 'queued' | 'publishing' | 'done'>;

/** Why a build or a revision stopped (docs/builder.md, "Failure codes"). */
export type FailureCode =
  /** The site (or a page the stage needs) could not be fetched, or answered an error status. */
  | 'fetch_failed'
  /** robots.txt does not allow fetching the address. */
  | 'robots_disallowed'
  /** The site is behind a login that cannot be passed (not allowed, no sign-in form, refused). */
  | 'login_required'
  /** The site needs a browser and none is installed. */
  | 'browser_unavailable'
  /** Nothing on the site matches the task: no detail pages, lists, search forms or API. */
  | 'no_records'
  /** Endpoints were planned, but none passed its tests. */
  | 'no_endpoint_passed'
  /** A revision: none of the requested changes could be made. */
  | 'nothing_changed'
  /** A revision: a changed endpoint failed its tests afterwards. */
  | 'endpoint_failed'
  /** A revision: the API it was for no longer exists. */
  | 'scraper_gone'
  /** Cancelled, or out of time (the signal's reason says which). */
  | 'aborted'
  /** A fault of the builder itself (a bug): the message names the stage. */
  | 'internal';

/** A failure people read, raised on purpose with its code. */
export class BuildFailedError extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'BuildFailedError';
  }
}

/** A failure with the stage it happened in (what a build or a revision throws). */
export class BuildStageError extends BuildFailedError {
  constructor(
    readonly stage: StageName,
    code: FailureCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(code, message, options);
    this.name = 'BuildStageError';
  }
}

/** Not a failure: the build pauses for the caller (builder/auth/errors.ts). */
export class BuildStop extends Error {}

export interface StageContext {
  progress: ProgressReporter;
  signal: AbortSignal;
  logger?: Logger;
}

export interface StageDef<I, O> {
  name: StageName;
  /** The progress headline when the stage starts. */
  headline(input: I): string;
  run(input: I, ctx: StageContext): Promise<O> | O;
}

export const defineStage = <I, O>(stage: StageDef<I, O>): StageDef<I, O> => stage;

/**
 * Runs one stage: checks the signal, reports the stage as progress, runs it, and turns whatever
 * it throws into a BuildStageError naming the stage: a BuildFailedError keeps its code and
 * message, a fetch failure is 'fetch_failed', an abort 'aborted', anything else 'internal'
 * (logged with its stack). BuildStops and failures a nested stage already stamped pass through.
 */
export async function runStage<I, O>(stage: StageDef<I, O>, input: I, ctx: StageContext): Promise<O> {
  try {
    ctx.signal.throwIfAborted();
    ctx.progress.stage(stage.name, stage.headline(input));
    const output = await stage.run(input, ctx);
    ctx.signal.throwIfAborted();
    return output;
  } catch (err) {
    throw stageFailure(stage.name, err, ctx);
  }
}

function stageFailure(stage: StageName, err: unknown, ctx: StageContext): Error {
  if (err instanceof BuildStageError || err instanceof BuildStop) return err;
  if (err instanceof BuildFailedError) return new BuildStageError(stage, err.code, err.message, { cause: err });
  if (ctx.signal.aborted) {
    return new BuildStageError(stage, 'aborted', `Stopped while ${stage}: ${messageOf(ctx.signal.reason)}`, { cause: err });
  }
  // A page the stage needed did not answer (a login's own request, say): the site's failure, not ours.
  if (isExpected(err, 'fetch')) return new BuildStageError(stage, 'fetch_failed', messageOf(err), { cause: err });
  ctx.logger?.error({ err, stage }, 'builder stage crashed');
  return new BuildStageError(stage, 'internal', `Internal error while ${stage}: ${messageOf(err)}`, { cause: err });
}
