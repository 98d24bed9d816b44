/**
 * The bound on a graceful shutdown. Running jobs get the queue's grace period (10 s) and are
 * then handed back; closing pools and connections follows. If something still hangs (a
 * dependency that never answers a close), the process exits 1 at the bound rather than never:
 * an orchestrator's own kill timeout (docker: 10 s by default, set stop_grace_period above this)
 * should not be what ends it.
 */
export const SHUTDOWN_BOUND_MS = 20_000;

export function exitAfter(ms: number, logger: { error(obj: object, msg: string): void }): void {
  const timer = setTimeout(() => {
    logger.error({ boundMs: ms }, 'shutdown did not finish within its bound; exiting');
    process.exit(1);
  }, ms);
  timer.unref();
}
