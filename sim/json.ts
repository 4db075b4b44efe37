// Small helpers for plain JSON values at the HTTP boundary.
import { isDeepStrictEqual } from "node:util";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b);
}

/** The record at obj[key], created when missing or not a record. */
export function childRecord(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = obj[key];
  if (isRecord(value)) return value;
  const created: Record<string, unknown> = {};
  obj[key] = created;
  return created;
}

export function recordAt(obj: unknown, ...path: string[]): Record<string, unknown> | undefined {
  let current: unknown = obj;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return isRecord(current) ? current : undefined;
}

export function valueAt(obj: unknown, ...path: string[]): unknown {
  let current: unknown = obj;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function stringAt(obj: unknown, ...path: string[]): string | undefined {
  const value = valueAt(obj, ...path);
  return typeof value === "string" ? value : undefined;
}

export function numberAt(obj: unknown, ...path: string[]): number | undefined {
  const value = valueAt(obj, ...path);
  return typeof value === "number" ? value : undefined;
}

export function metadataOf(obj: Record<string, unknown>): Record<string, unknown> {
  return childRecord(obj, "metadata");
}
