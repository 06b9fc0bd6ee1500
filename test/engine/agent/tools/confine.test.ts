import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confinePath, rejectReplacementCharacter } from "../../../../engine/agent/tools/confine.js";
import { ToolError } from "../../../../engine/agent/tools/tool-error.js";
import { tempRepo } from "./temp-repo.js";

let made: Awaited<ReturnType<typeof tempRepo>>;
let outside: Awaited<ReturnType<typeof tempRepo>>;

beforeAll(async () => {
  made = await tempRepo({ "docs/SPEC.md": "# Spec\n", ".git/config": "[core]\n" });
  outside = await tempRepo({ "secret.txt": "top secret\n" });
  await symlink(join(outside.repo, "secret.txt"), join(made.repo, "docs/link.md"));
  await symlink(outside.repo, join(made.repo, "escape"));
  await symlink(join(made.repo, ".git"), join(made.repo, "gitlink"));
  await symlink(join(made.repo, "docs/SPEC.md"), join(made.repo, "spec-link.md"));
  await symlink(join(made.repo, "nowhere"), join(made.repo, "dangling"));
  await mkdir(join(made.repo, ".copperhead/runs/spec/1"), { recursive: true });
  await writeFile(join(made.repo, ".copperhead/constraints.json"), "[]");
});
afterAll(async () => {
  await made.done();
  await outside.done();
});

async function refusedWith(path: string): Promise<string> {
  const error = await confinePath(made.repo, path).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  expect((error as ToolError).kind).toBe("refused");
  return (error as ToolError).message;
}

describe("confinePath", () => {
  it("resolves a relative path inside the repo", async () => {
    const file = await confinePath(made.repo, "docs/SPEC.md");
    expect(file).toEqual({
      absolute: join(made.repo, "docs/SPEC.md"),
      relative: "docs/SPEC.md",
      exists: true,
    });
  });

  it("resolves a new file under new folders through its nearest existing parent", async () => {
    const file = await confinePath(made.repo, "docs/new/deeper/NOTES.md");
    expect(file.exists).toBe(false);
    expect(file.relative).toBe("docs/new/deeper/NOTES.md");
  });

  it("accepts an absolute path inside the repo and a symlink that stays inside", async () => {
    expect((await confinePath(made.repo, join(made.repo, "docs/SPEC.md"))).relative).toBe(
      "docs/SPEC.md",
    );
    expect((await confinePath(made.repo, "spec-link.md")).relative).toBe("docs/SPEC.md");
  });

  it("refuses .. escapes and absolute paths outside", async () => {
    expect(await refusedWith("../x.txt")).toMatch(/outside the repository/);
    expect(await refusedWith("docs/../../x.txt")).toMatch(/outside the repository/);
    expect(await refusedWith(join(outside.repo, "secret.txt"))).toMatch(/outside the repository/);
    expect(await refusedWith("/etc/passwd")).toMatch(/outside the repository/);
  });

  it("refuses symlink escapes: a linked file, a linked folder, a new file under a linked folder", async () => {
    expect(await refusedWith("docs/link.md")).toMatch(/through a symlink/);
    expect(await refusedWith("escape/secret.txt")).toMatch(/through a symlink/);
    expect(await refusedWith("escape/new-file.txt")).toMatch(/through a symlink/);
    expect(await refusedWith("dangling")).toMatch(/symlink to nothing/);
  });

  it("refuses .git, also through a symlink, and workflow files", async () => {
    expect(await refusedWith(".git/config")).toMatch(/\.git\//);
    expect(await refusedWith(".git")).toMatch(/\.git\//);
    expect(await refusedWith("sub/.git/HEAD")).toMatch(/\.git\//);
    expect(await refusedWith("gitlink/config")).toMatch(/\.git\//);
    expect(await refusedWith(".github/workflows/ci.yml")).toMatch(/workflow/);
    expect(await refusedWith(".github/workflows")).toMatch(/workflow/);
  });

  it("refuses copperhead internals but not the rest of .copperhead/", async () => {
    for (const path of [
      ".copperhead/events.jsonl",
      ".copperhead/config.json",
      ".copperhead/runs/spec/1/outcome.json",
      ".copperhead/cache/abc.json",
      "./.copperhead/runs",
    ]) {
      expect(await refusedWith(path)).toMatch(/internals/);
    }
    expect((await confinePath(made.repo, ".copperhead/constraints.json")).exists).toBe(true);
  });

  it("refuses empty paths and NUL bytes", async () => {
    expect(await refusedWith("")).toMatch(/not a usable/);
    expect(await refusedWith("docs/a\0b")).toMatch(/not a usable/);
  });
});

describe("rejectReplacementCharacter", () => {
  it("rejects U+FFFD naming the line, accepts other non-ASCII", () => {
    expect(() => rejectReplacementCharacter("R1 330 Ω\n", "content")).not.toThrow();
    expect(() => rejectReplacementCharacter("a\nR1 330 \uFFFD\n", "content")).toThrow(
      /U\+FFFD.*line 2/,
    );
  });
});

// The border cases of confinement: names that only look like escapes or protected folders,
// case tricks, and the exact refusal a model reads.
let edges: Awaited<ReturnType<typeof tempRepo>>;
beforeAll(async () => {
  edges = await tempRepo({ "docs/SPEC.md": "# Spec\n", "..notes.md": "dots\n", "file.txt": "x\n" });
  await mkdir(join(edges.repo, "real-dir"));
  await symlink(join(edges.repo, "real-dir"), join(edges.repo, "inner-link"));
});
afterAll(() => edges.done());

const edgeRefusal = (path: string) =>
  confinePath(edges.repo, path).then(
    () => undefined,
    (e: unknown) => e as ToolError,
  );

describe("confinePath border cases", () => {
  it("a name that starts with dots, or a folder named like a protected one, is an ordinary path", async () => {
    expect(await confinePath(edges.repo, "..notes.md")).toEqual({
      absolute: join(edges.repo, "..notes.md"),
      relative: "..notes.md",
      exists: true,
    });
    for (const path of [
      ".github/workflows-old/x.yml",
      ".github/ISSUE_TEMPLATE/bug.md",
      "docs/.gitkeep",
      ".copperhead/runs-archive/x",
      ".copperhead/events.jsonl.bak",
      "my.git/config",
    ]) {
      const file = await confinePath(edges.repo, path);
      expect(file.relative, path).toBe(path);
      expect(file.exists, path).toBe(false);
    }
  });

  it("workflow files are refused whatever their case", async () => {
    const error = await edgeRefusal(".GitHub/Workflows/ci.yml");
    expect(error?.kind).toBe("refused");
    expect(error?.message).toContain(".GitHub/Workflows/ci.yml is a GitHub workflow file");
  });

  it("a whitespace-only path is not a path; the refusal says how to fix it", async () => {
    const error = await edgeRefusal("   ");
    expect(error).toBeInstanceOf(ToolError);
    expect(error?.message).toBe('the path "   " is not a usable file path');
    expect(error?.fix).toBe(
      "use a path inside the repository, outside .git/, .github/workflows/ and .copperhead/{events.jsonl,config.json,runs,cache}",
    );
  });

  it("a path under a file resolves as not existing, and the repo root itself is inside", async () => {
    const under = await confinePath(edges.repo, "file.txt/child");
    expect(under).toEqual({
      absolute: join(edges.repo, "file.txt/child"),
      relative: "file.txt/child",
      exists: false,
    });
    expect(await confinePath(edges.repo, ".")).toEqual({
      absolute: edges.repo,
      relative: "",
      exists: true,
    });
  });

  it("a new file under a symlinked folder inside the repo resolves through the link, not as existing", async () => {
    const file = await confinePath(edges.repo, "inner-link/new/a.md");
    expect(file).toEqual({
      absolute: join(edges.repo, "real-dir/new/a.md"),
      relative: "real-dir/new/a.md",
      exists: false,
    });
  });

  it("each refusal names the path as given", async () => {
    expect((await edgeRefusal("../up.txt"))?.message).toMatch(
      /^\.\.\/up\.txt is outside the repository$/,
    );
    expect((await edgeRefusal(".git/HEAD"))?.message).toMatch(
      /^\.git\/HEAD is inside \.git\/, which tools never touch$/,
    );
    expect((await edgeRefusal(".copperhead/config.json"))?.message).toMatch(
      /^\.copperhead\/config\.json is copperhead's own bookkeeping \(\.copperhead internals\)$/,
    );
  });
});

describe("confinePath and the file system's own errors", () => {
  it("an error other than a missing file (a symlink loop) surfaces instead of reading as 'does not exist'", async () => {
    await symlink("loop", join(edges.repo, "loop"));
    const error = await confinePath(edges.repo, "loop/inner.md").catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe("ELOOP");
  });
});

describe("rejectReplacementCharacter's message", () => {
  it("names the field and the line, and says how to resend", () => {
    const error = (() => {
      try {
        rejectReplacementCharacter("ok\nok\nbad \uFFFD", "new");
      } catch (e) {
        return e as ToolError;
      }
    })();
    expect(error?.message).toBe(
      "new contains U+FFFD (the replacement character) on line 3: a character was lost before it reached the tool",
    );
    expect(error?.fix).toBe(
      'resend the text with the intended character, or spell it in ASCII ("ohm", "uF", "+/-", "deg")',
    );
  });
});
