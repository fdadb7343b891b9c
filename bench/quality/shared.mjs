/**
 * Where the shared quality data lives: ../shared/quality next to a checkout (main) or two levels up (a worktree
 * under wt/), or QUALITY_DIR.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function qualityDir() {
  const candidates = [process.env.QUALITY_DIR, join(root, "..", "shared", "quality"), join(root, "..", "..", "shared", "quality")];
  const found = candidates.find((dir) => dir && existsSync(join(dir, "text.mjs")));
  if (!found) throw new Error("../shared/quality not found (set QUALITY_DIR to the folder holding score.mjs and wcxb-dev/)");
  return found;
}
