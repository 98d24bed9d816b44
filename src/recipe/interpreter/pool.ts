/**
 * Bounded parallel map: at most `concurrency` tasks in flight, results in input order.
 * On the first failure no new task starts, `onFailure` runs (to cancel the tasks in flight),
 * every started task is awaited, and the first failure is thrown: nothing is left running
 * behind the caller's back.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
  onFailure: () => void = () => {},
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]!, index);
      } catch (err) {
        if (failure === null) {
          failure = { err };
          onFailure();
        }
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker);
  await Promise.all(workers);
  if (failure !== null) throw (failure as { err: unknown }).err;
  return results;
}
