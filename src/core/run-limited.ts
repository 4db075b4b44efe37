// The one worker pool: run an async step over items with at most `limit` in flight, results in
// item order. The first failure rejects (steps that must not fail the batch catch their own errors).

export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  step: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await step(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
