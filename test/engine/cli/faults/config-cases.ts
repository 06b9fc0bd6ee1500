import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import type { FaultCase } from "./fault-case.js";

/** .copperhead/config.json and docs/ that are not what copperhead expects. */
export const configCases: FaultCase[] = [
  {
    name: "check: config.json is a folder",
    setup: async (d) => {
      await d.led();
      await mkdir(d.path(".copperhead/config.json"), { recursive: true });
    },
    args: ["check"],
    exit: 2,
    says: /\.copperhead\/config\.json is a folder where a file is expected — name a file/,
  },
  {
    name: "check: config.json is not JSON",
    setup: async (d) => {
      await d.led();
      await d.write(".copperhead/config.json", "{ origin: create");
    },
    args: ["check"],
    exit: 2,
    says: /\.copperhead\/config\.json is not valid JSON .* — fix the JSON syntax in \.copperhead\/config\.json/,
  },
  {
    name: "check: config.json with a misspelt key",
    setup: async (d) => {
      await d.led();
      await d.write(".copperhead/config.json", '{ "modle": "x" }\n');
    },
    args: ["check"],
    exit: 2,
    says: /Unrecognized key: "modle" — correct those keys/,
  },
  {
    name: "check: config.json saved with a byte order mark is read",
    setup: async (d) => {
      await d.led();
      await d.write(".copperhead/config.json", '\uFEFF{ "paths": { "docs": "docs" } }\n');
    },
    args: ["check"],
    exit: 0,
    says: /check: ok/,
  },
  {
    name: "check: config.json names a schematic that does not exist",
    setup: async (d) => {
      await d.led();
      await d.write(
        ".copperhead/config.json",
        '{ "paths": { "schematic": "hardware/gone.kicad_sch" } }\n',
      );
    },
    args: ["check"],
    exit: 2,
    says: /names the schematic hardware\/gone\.kicad_sch, which does not exist — correct paths\.schematic/,
  },
  {
    name: "check: docs is a file",
    setup: async (d) => {
      await d.led();
      await rm(d.path("docs"), { recursive: true });
      await d.write("docs", "not a folder\n");
    },
    args: ["check"],
    exit: 2,
    says: /paths\.docs "docs" .*a file where a folder is expected: rename or remove the file/,
  },
  {
    name: "check: docs/BOM.md is a folder",
    setup: async (d) => {
      await d.led();
      const bom = await readFile(d.path("docs/BOM.md"));
      await rm(d.path("docs/BOM.md"));
      await mkdir(d.path("docs/BOM.md"));
      await writeFile(d.path("docs/BOM.md/copy.md"), bom);
    },
    args: ["check"],
    // A refused path is a finding of the check (docs/security.md), not unusable input.
    exit: 1,
    says: /docs\/BOM\.md: document "BOM\.md" .*a folder where a file is expected/,
  },
];
