// One computation shared by everyone who asks for it: per key, also while it is still running
// (once), or one value computed on first use (lazy).

/** The promise for `key`, started once; a failure is not kept (the next ask starts it again). */
export function once<T>(cache: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (pending === undefined) {
    pending = start();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/** `compute` run once, on first use (again after it threw). */
export function lazy<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => {
    value ??= { v: compute() };
    return value.v;
  };
}
