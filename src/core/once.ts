// One computation per key, shared by everyone who asks for it, also while it is still running.

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
