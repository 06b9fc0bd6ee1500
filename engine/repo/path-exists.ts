import { access } from "node:fs/promises";

/** Whether anything is at `path` (file or folder) that this process can see. */
export function pathExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
