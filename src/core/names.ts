// The names Kubernetes accepts (apimachinery's validation): a namespace is an RFC 1123 label, and
// ConfigMaps, Secrets and the workload kinds are named with RFC 1123 subdomains. Checked on input so
// that a name the API server would reject is reported where it was written, never sent or printed raw.

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const NAMESPACE_RULE =
  "at most 63 characters: lowercase letters, digits and '-', starting and ending with a letter or digit";
export const OBJECT_NAME_RULE =
  "at most 253 characters: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";

export function isNamespaceName(name: string): boolean {
  return name.length <= 63 && LABEL.test(name);
}

export function isObjectName(name: string): boolean {
  return name.length <= 253 && SUBDOMAIN.test(name);
}

/** The characters of a ConfigMap or Secret key (IsConfigMapKey also refuses ".", ".." and longer than 253). */
export const CONFIG_KEY_CHARACTERS = /^[-._a-zA-Z0-9]+$/;

/** A name from user input, quoted for a message: control characters escaped, long ones cut. */
export function quoteName(name: string): string {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return JSON.stringify(shown);
}
