// What a test opens (a repository, a simulated cluster, a scenario, a fake API) is closed after it.
import { afterEach } from "vitest";

type Closable = { close(): unknown } | { cleanup(): unknown };

/**
 * For a whole test file: `const closing = useClosing();`, then `const s = closing(await startX())` in
 * a test: each is closed (or cleaned up) after its test, the last opened first.
 */
export function useClosing(): <T extends Closable>(opened: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    for (const opened of open.splice(0).reverse())
      await ("close" in opened ? opened.close() : opened.cleanup());
  });
  return (opened) => {
    open.push(opened);
    return opened;
  };
}
