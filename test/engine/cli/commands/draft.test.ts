import {
  access,
  chmod,
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rm,
  writeFile,
} from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../engine/cli/run-cli.js";
import { InterruptedError } from "../../../../engine/errors.js";
import { captureIo } from "../../../helpers/capture-io.js";
import { fileHashes } from "../../../helpers/file-hashes.js";
import { LED_EXAMPLE, REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { treeBytes } from "../../../helpers/tree-bytes.js";
import { smallCatalog } from "../../kicad/draft/library-fixture.js";

let repo: TempDir;
let libs: TempDir;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ dir: libs } = await smallCatalog());
  env = { ...process.env, COPPERHEAD_SYMBOL_DIR: libs.dir };
  repo = await makeTempDir("copperhead-draft-cli-");
  await mkdir(repo.path("hardware"));
  await copyFile(
    `${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`,
    repo.path("hardware/schematic.intent.json"),
  );
});
afterAll(async () => {
  await repo.remove();
  await libs.remove();
});

describe("copperhead draft", () => {
  it("drafts the default intent and prints the report, legibility and score", async () => {
    const io = captureIo(repo.dir, env);
    const code = await runCli(["draft"], io);
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    expect(io.out()).toMatch(
      /^drafted hardware\/schematic\.kicad_sch: 4 group\(s\), \d+ wire segment\(s\)/,
    );
    expect(io.out()).toMatch(/PWR_FLAG added on: \+5V, GND, VBUS/);
    // No finding at all: the lone CC2 and LED_A names sit on the wires they name.
    expect(io.out()).toMatch(/^legibility: 1 sheet\(s\) checked, no findings$/m);
    expect(io.out()).toMatch(/^score: [\d.]+\/100$/m);
    await access(repo.path("hardware/schematic.kicad_sch"));
    await access(repo.path("hardware/sym-lib-table"));
  });

  it("prints numbered findings, exits 1 and writes nothing for a broken intent", async () => {
    const intent = JSON.parse(await readFile(repo.path("hardware/schematic.intent.json"), "utf8"));
    intent.parts[0].libId = "Connector:USB_C_Receptacle_PowerOnly_6";
    intent.nets[3].pins[0] = "J9.1";
    await writeFile(repo.path("broken.intent.json"), JSON.stringify(intent));
    const before = await treeBytes(repo.dir);
    const io = captureIo(repo.dir, env);
    const code = await runCli(
      ["draft", "--intent", "broken.intent.json", "--out", "broken.kicad_sch"],
      io,
    );
    // Nothing at all: no sheet, library, sym-lib-table or project file, and no file changed.
    expect(await treeBytes(repo.dir)).toEqual(before);
    expect(code).toBe(1);
    expect(io.out()).toMatch(
      /^intent validation: \d+ finding\(s\) to reconcile:\n {2}1\. \[unknown-symbol\]/,
    );
    expect(io.out()).toMatch(/USB_C_Receptacle_PowerOnly_6P/);
    expect(io.out()).toMatch(/\[unknown-part\]/);
    await expect(access(repo.path("broken.kicad_sch"))).rejects.toThrow();
  });

  it("--out into folders that do not exist yet makes them, and only for a draft that succeeds", async () => {
    const broken = captureIo(repo.dir, env);
    const failed = await runCli(
      ["draft", "--intent", "broken.intent.json", "--out", "never/made/x.kicad_sch"],
      broken,
    );
    expect(failed).toBe(1);
    await expect(access(repo.path("never"))).rejects.toThrow();
    const io = captureIo(repo.dir, env);
    const code = await runCli(["draft", "--out", "drafts/usb/usb.kicad_sch"], io);
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    await access(repo.path("drafts/usb/usb.kicad_sch"));
    await access(repo.path("drafts/usb/sym-lib-table"));
  });

  it("an interrupt writes nothing and exits 130 (SIGINT) after the draft was computed", async () => {
    const io = captureIo(repo.dir, env);
    io.signal = AbortSignal.abort(new InterruptedError("SIGINT"));
    const code = await runCli(["draft", "--out", "interrupted/usb.kicad_sch"], io);
    expect(code).toBe(130);
    expect(io.err()).toMatch(/^copperhead draft: interrupted by SIGINT — /);
    await expect(access(repo.path("interrupted"))).rejects.toThrow();
  });

  it("--from regenerates an existing design and keeps the derived intent", async () => {
    const io = captureIo(repo.dir, process.env);
    const code = await runCli(
      [
        "draft",
        "--from",
        "/usr/share/kicad/demos/custom_pads_test/custom_pads_test.kicad_sch",
        "--out",
        "redraft/pads.kicad_sch",
      ],
      io,
    );
    expect(io.err()).toBe("");
    expect(code).toBe(0);
    expect(io.out()).toMatch(/^drafted redraft\/pads\.kicad_sch: 1 group\(s\)/);
    const intent = JSON.parse(await readFile(repo.path("redraft/pads.intent.json"), "utf8"));
    expect(intent.parts.map((p: { ref: string }) => p.ref).sort()).toEqual([
      "AE1",
      "AE2",
      "R2",
      "SW1",
    ]);
    await access(repo.path("redraft/pads.kicad_sch"));
  });
});

// The built CLI against folders a person owns: what draft must never replace.
describe("copperhead draft never overwrites what it did not write (built CLI)", () => {
  let bin: string;
  let work: TempDir;
  beforeAll(async () => {
    bin = (await builtCli()).bin;
    work = await makeTempDir("copperhead-draft-owned-");
  });
  afterAll(() => work.remove());

  const usb = `${REPO_ROOT}/examples/intents/usb-c-breakout.intent.json`;
  const run = (cwd: string, ...args: string[]) => runBin(bin, ["draft", ...args], { cwd });
  async function ledCopy(name: string): Promise<string> {
    const dir = work.path(name);
    await cp(LED_EXAMPLE, dir, { recursive: true });
    // Its docs/BOM.md describes the LED board: a draft of another design would fail its cross-check.
    await rm(`${dir}/docs`, { recursive: true });
    return dir;
  }

  it("adds its library row to the folder's sym-lib-table: the person's other sheet stays ERC-clean", async () => {
    const dir = await ledCopy("merge");
    const theirs = await readFile(`${dir}/sym-lib-table`, "utf8");
    const drafted = await run(dir, "--intent", usb, "--out", "usb.kicad_sch");
    expect(drafted.exitCode, drafted.stderr).toBe(0);
    const table = await readFile(`${dir}/sym-lib-table`, "utf8");
    expect(table.startsWith(theirs.slice(0, theirs.lastIndexOf(")")))).toBe(true);
    expect(table).toContain(`(lib (name "usb")(type "KiCad")(uri "\${KIPRJMOD}/usb.kicad_sym")`);
    for (const sheet of ["led.kicad_sch", "usb.kicad_sch"]) {
      const erc = await runBin(bin, ["erc", sheet], { cwd: dir });
      expect(erc.stdout, sheet).toContain("ERC clean (0 errors, 0 warnings)");
    }
  });

  it("refuses to replace a person's symbol library of the same name, and changes nothing", async () => {
    const dir = await ledCopy("library");
    const symbols = '\t(symbol "Mine"\n\t)\n'.repeat(52);
    await writeFile(
      `${dir}/usb.kicad_sym`,
      `(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "kicad_symbol_editor")\n${symbols})\n`,
    );
    const before = await fileHashes(dir);
    const drafted = await run(dir, "--intent", usb, "--out", "usb.kicad_sch", "--force");
    expect(drafted.exitCode).toBe(2);
    expect(drafted.stderr).toContain(
      'usb.kicad_sym: a symbol library copperhead did not write (generator "kicad_symbol_editor", 52 symbols)',
    );
    expect(drafted.stderr).toContain("nothing was written");
    expect(await fileHashes(dir)).toEqual(before);
  });

  it("--from X --out X refuses unless --force; --force redraws the sheet in place, ERC-clean", async () => {
    const dir = await ledCopy("in-place");
    const before = await fileHashes(dir);
    const refused = await run(dir, "--from", "led.kicad_sch", "--out", "./led.kicad_sch");
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(
      /--from and --out are the same file \(led\.kicad_sch\).* pass --force/,
    );
    expect(await fileHashes(dir)).toEqual(before);

    const forced = await run(dir, "--from", "led.kicad_sch", "--out", "led.kicad_sch", "--force");
    expect(forced.stderr).toBe("");
    // Written either way; the exit code says whether the redrawn sheet has error findings.
    const errors = /^legibility: (\d+) error/m.exec(forced.stdout)?.[1];
    expect(errors).toBeDefined();
    expect(forced.exitCode).toBe(Number(errors) > 0 ? 1 : 0);
    expect(await readFile(`${dir}/led.kicad_sch`, "utf8")).toContain('(generator "copperhead")');
    expect(await readFile(`${dir}/led.kicad_pro`, "utf8")).toBe(
      await readFile(`${LED_EXAMPLE}/led.kicad_pro`, "utf8"),
    );
    const erc = await runBin(bin, ["erc", "led.kicad_sch"], { cwd: dir });
    expect(erc.stdout).toContain("ERC clean");
  });

  it("refuses a read-only sheet (keeping its mode), a folder as --out, --intent with --from and a non-sheet --out", async () => {
    const dir = await ledCopy("refusals");
    await mkdir(`${dir}/folder.kicad_sch`);
    await run(dir, "--intent", usb, "--out", "usb.kicad_sch");
    await chmod(`${dir}/usb.kicad_sch`, 0o444);
    // A changed intent, so the draft really has something new to write over the read-only sheet.
    const changed = JSON.parse(await readFile(usb, "utf8"));
    changed.parts[0].value = `${changed.parts[0].value} rev B`;
    await writeFile(`${dir}/changed.json`, JSON.stringify(changed));
    const before = await fileHashes(dir);
    const cases: Array<[string[], RegExp]> = [
      [
        ["--intent", "changed.json", "--out", "usb.kicad_sch"],
        /usb\.kicad_sch: read-only \(make it writable with chmod u\+w/,
      ],
      [
        ["--intent", usb, "--out", "folder.kicad_sch"],
        /folder\.kicad_sch: a folder stands where the draft's file goes/,
      ],
      [["--from", "led.kicad_sch", "--intent", usb], /--intent and --from both say what to draft/],
      [["--from", "led.kicad_sch", "--out", "x.txt"], /--out x\.txt is not a \.kicad_sch path/],
    ];
    for (const [args, message] of cases) {
      const refused = await run(dir, ...args);
      expect(refused.exitCode, args.join(" ")).toBe(2);
      expect(refused.stderr, args.join(" ")).toMatch(message);
      expect(refused.stderr).not.toMatch(/internal error|\n\s+at /);
    }
    expect(await fileHashes(dir)).toEqual(before);
  });

  it("refuses a note for a group no part is in; a sheet-wide note goes into the title block", async () => {
    const dir = work.path("notes");
    await mkdir(dir);
    const intent = JSON.parse(await readFile(usb, "utf8"));
    await writeFile(
      `${dir}/lost.json`,
      JSON.stringify({ ...intent, notes: [{ group: "Nowhere", text: "lost" }] }),
    );
    const lost = await run(dir, "--intent", "lost.json", "--out", "lost.kicad_sch");
    expect(lost.exitCode).toBe(1);
    expect(lost.stdout).toMatch(
      /\[unknown-group\] notes\[0\]\.group: no part is in group "Nowhere"/,
    );
    expect(await readdir(dir)).toEqual(["lost.json"]);

    await writeFile(
      `${dir}/wide.json`,
      JSON.stringify({ ...intent, notes: [{ text: "Rev B: fit R5 only for 3.3 V" }] }),
    );
    const wide = await run(dir, "--intent", "wide.json", "--out", "wide.kicad_sch");
    expect(wide.exitCode, wide.stdout).toBe(0);
    expect(await readFile(`${dir}/wide.kicad_sch`, "utf8")).toContain(
      '(comment 1 "Rev B: fit R5 only for 3.3 V")',
    );
  });
});
