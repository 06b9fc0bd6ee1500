import { appendFile } from "node:fs/promises";
import { git } from "../../../../engine/repo/git.js";
import { type FaultCase, WRITE_NOTE } from "./fault-case.js";

const scripted = (script: string) => [
  "do",
  "add a note",
  "--provider",
  "scripted",
  "--script",
  script,
];

/** `do` before the agent starts: the repository and the script. */
export const doCases: FaultCase[] = [
  {
    name: "do: a repository with no commits",
    setup: (d) => git(d.root, ["init", "-q"]).then(() => undefined),
    args: scripted(WRITE_NOTE),
    exit: 2,
    says: /has no commits yet — make a first commit \(git add -A && git commit/,
  },
  {
    name: "do: uncommitted changes in the tree",
    setup: async (d) => {
      await d.led();
      await d.repo();
      await appendFile(d.path("README.md"), "\nmine\n");
    },
    args: scripted(WRITE_NOTE),
    exit: 2,
    says: /uncommitted changes \(README\.md\); copperhead do will not mix its work with yours — commit them/,
  },
  {
    name: "do: --script names nothing",
    setup: (d) => d.repo(),
    args: scripted("nope.json"),
    exit: 2,
    says: /nope\.json does not exist — check the path/,
  },
  {
    name: "do: --script is not JSON",
    setup: async (d) => {
      await d.write("script.json", "[{ tools: ");
      await d.repo();
    },
    args: scripted("script.json"),
    exit: 2,
    says: /script\.json is not valid JSON or JSONL .* — write the script as a JSON array of turns/,
  },
  {
    name: "do: --script of the wrong shape",
    setup: async (d) => {
      await d.write("script.json", '[{"tools": 5}]\n');
      await d.repo();
    },
    args: scripted("script.json"),
    exit: 2,
    says: /script\.json is not a valid script: turn 0: tools .* — see docs\/agent\.md for the script format/,
  },
  {
    name: "do: --repo outside any git repository",
    setup: (d) => d.write("plain/readme.txt", "x\n"),
    args: [...scripted(WRITE_NOTE), "--repo", "plain"],
    exit: 2,
    says: /plain is not inside a git repository — .*pass --repo <dir>, or run `git init` first/,
  },
];
