// Narrowing helpers for plain JSON read from user files: nothing here trusts the shape it is given.

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/** An own property only: keys such as `constructor` in user data must never reach Object.prototype. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export function stringField(value: unknown, key: string): string | undefined {
  const v = field(value, key);
  return typeof v === "string" ? v : undefined;
}

export function arrayField(value: unknown, key: string): unknown[] {
  const v = field(value, key);
  return Array.isArray(v) ? v : [];
}

/** A short, one-line description of a value's type for messages (never the value itself). */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (ArrayBuffer.isView(value)) return "binary data";
  if (typeof value === "object") return "a mapping";
  return `a ${typeof value}`;
}

/** A Kubernetes object without what the server owns (status, uid, resourceVersion, ...): what a write may send. */
export function withoutServerFields(obj: JsonObject): JsonObject {
  const { status: _status, ...rest } = obj;
  const own = field(obj, "metadata");
  const metadata = { ...(isRecord(own) ? own : {}) };
  for (const key of [
    "resourceVersion",
    "uid",
    "managedFields",
    "creationTimestamp",
    "generation",
    "selfLink",
  ])
    delete metadata[key];
  return { ...rest, metadata };
}

/**
 * Sets `key` on a plain object. Plain assignment would drop a key named `__proto__` (a valid
 * ConfigMap key, or any key of data read from outside): that one is defined. Only that one:
 * defining every key is far slower than assigning it, in a fresh process.
 */
export function setKey<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
