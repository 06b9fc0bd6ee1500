import { appendFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import {
  appendEvent,
  EventError,
  parseEventLog,
  readEventLog,
} from "../../../engine/flow/event-log.js";
import type { FlowEventInput } from "../../../engine/flow/events.js";
import { EVENTS_PATH } from "../../../engine/flow/run-paths.js";
import { UnsafeDesignError } from "../../../engine/kicad/paths/unsafe-design-error.js";
import { tempRepo, useTempRepos } from "./flow-fixture.js";

useTempRepos();

const dispatch = (stage: string, attempt = 1): FlowEventInput => ({
  type: "dispatch",
  stage,
  attempt,
  inputs: { "brief.md": "b".repeat(64) },
});

function clock(...isoTimes: string[]) {
  let i = 0;
  return () => new Date(isoTimes[i++]!);
}

describe("event log", () => {
  it("appends validated whole lines and reads them back", async () => {
    const repo = await tempRepo();
    const first = await appendEvent(repo.dir, dispatch("spec"));
    const second = await appendEvent(repo.dir, { ...dispatch("architecture") });
    const text = await readFile(join(repo.dir, EVENTS_PATH), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.trimEnd().split("\n")).toHaveLength(2);
    const log = await readEventLog(repo.dir);
    expect(log.problems).toEqual([]);
    expect(log.events.map((e) => e.id)).toEqual([first.id, second.id]);
    expect(log.events[0]).toMatchObject({ type: "dispatch", stage: "spec", rework: [] });
  });

  it("gives the log git's union merge driver in .gitattributes, once", async () => {
    const repo = await tempRepo();
    await repo.write(".gitattributes", "*.kicad_pcb -diff");
    await appendEvent(repo.dir, dispatch("spec"));
    await appendEvent(repo.dir, dispatch("architecture"));
    expect(await readFile(join(repo.dir, ".gitattributes"), "utf8")).toBe(
      "*.kicad_pcb -diff\n.copperhead/events.jsonl merge=union\n",
    );
    const attr = await repo.git("check-attr", "merge", "--", EVENTS_PATH);
    expect(attr.trim()).toBe(".copperhead/events.jsonl: merge: union");
  });

  it("refuses to write an event that does not match the schema", async () => {
    const repo = await tempRepo();
    const bad = { ...dispatch("spec"), attempt: 0 } as FlowEventInput;
    await expect(appendEvent(repo.dir, bad)).rejects.toBeInstanceOf(EventError);
    expect((await readEventLog(repo.dir)).events).toEqual([]);
  });

  it("a truncated/garbled log line is reported and skipped", async () => {
    const repo = await tempRepo();
    await appendEvent(repo.dir, dispatch("spec"));
    const good = await readFile(join(repo.dir, EVENTS_PATH), "utf8");
    // A crash mid-write leaves half a line; later appends must still land on their own line.
    await appendFile(join(repo.dir, EVENTS_PATH), good.slice(0, 40));
    const after = await appendEvent(repo.dir, dispatch("architecture"));
    await appendFile(join(repo.dir, EVENTS_PATH), "\u0000\u0007 garbage }{\n");
    await appendFile(join(repo.dir, EVENTS_PATH), '{"type":"telemetry","id":"12345678"}\n');
    const log = await readEventLog(repo.dir);
    expect(log.events.map((e) => e.stage)).toEqual(["spec", "architecture"]);
    expect(log.events[1]!.id).toBe(after.id);
    expect(log.problems).toEqual([
      { line: 2, reason: "not valid JSON (truncated or garbled line)" },
      { line: 4, reason: "not valid JSON (truncated or garbled line)" },
      { line: 5, reason: 'unknown event type "telemetry"' },
    ]);
  });

  it("reports a known event type with invalid fields, naming the field", () => {
    const line = JSON.stringify({
      type: "outcome",
      id: "abcdefgh",
      at: "2025-01-01T00:00:00Z",
      stage: "spec",
    });
    const log = parseEventLog(`${line}\n`);
    expect(log.events).toEqual([]);
    expect(log.problems[0]!.line).toBe(1);
    expect(log.problems[0]!.reason).toMatch(/^invalid outcome event \(.*attempt/);
  });

  it("collapses duplicate ids and orders by time, file order breaking ties", async () => {
    const repo = await tempRepo();
    const now = clock("2025-01-01T10:00:02Z", "2025-01-01T10:00:01Z", "2025-01-01T10:00:01Z");
    const a = await appendEvent(repo.dir, dispatch("spec"), { now });
    const b = await appendEvent(repo.dir, dispatch("architecture"), { now });
    const c = await appendEvent(repo.dir, dispatch("parts"), { now });
    const text = await readFile(join(repo.dir, EVENTS_PATH), "utf8");
    const lines = text.trimEnd().split("\n");
    await writeFile(join(repo.dir, EVENTS_PATH), `${text}${lines[0]}\n`);
    const log = await readEventLog(repo.dir);
    expect(log.problems).toEqual([]);
    expect(log.events.map((e) => e.id)).toEqual([b.id, c.id, a.id]);
  });

  it("reports an id reused with different content", () => {
    const base = { type: "dispatch", id: "same-id-1", stage: "spec", attempt: 1, inputs: {} };
    const one = JSON.stringify({ ...base, at: "2025-01-01T00:00:00Z" });
    const two = JSON.stringify({ ...base, at: "2025-01-01T00:00:09Z" });
    const log = parseEventLog(`${one}\n${two}\n`);
    expect(log.events).toHaveLength(1);
    expect(log.problems).toEqual([
      { line: 2, reason: "event id same-id-1 reused with different content" },
    ]);
  });

  it("never reads, waits on or appends through a log that leads out of the repository", async () => {
    const outside = await mkdtemp(join(tmpdir(), "copperhead-outside-"));
    try {
      const secret = join(outside, "secret");
      await writeFile(secret, "A=topsecretvalue\n");
      await execa("mkfifo", [join(outside, "pipe")]);
      const plants: Array<(log: string) => Promise<void>> = [
        (log) => symlink(secret, log),
        (log) => symlink(join(outside, "pipe"), log),
        (log) => execa("mkfifo", [log]).then(() => undefined),
        // The folder itself linked out: the log inside it is outside too.
        async (log) => {
          await rm(join(log, ".."), { recursive: true, force: true });
          await symlink(outside, join(log, ".."));
        },
      ];
      for (const plant of plants) {
        const repo = await tempRepo();
        const log = join(repo.dir, EVENTS_PATH);
        await mkdir(join(log, ".."), { recursive: true });
        await plant(log);
        await expect(readEventLog(repo.dir)).rejects.toBeInstanceOf(UnsafeDesignError);
        await expect(appendEvent(repo.dir, dispatch("spec"))).rejects.toBeInstanceOf(
          UnsafeDesignError,
        );
      }
      expect(await readFile(secret, "utf8")).toBe("A=topsecretvalue\n");
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
