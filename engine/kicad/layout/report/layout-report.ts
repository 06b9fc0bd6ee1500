import type { SettingSource } from "../inputs/board-spec.js";
import type { Edge } from "../inputs/layout-config.js";
import type { LayoutFinding } from "../layout-finding.js";
import type { NetKind } from "../layout-input.js";
import type { RoutingReport } from "../route/routing-report.js";

/** What a layout did, for the CLI, the agent tool and `docs/LAYOUT.md` `## Draft quality`. */
export interface LayoutReport {
  readonly board: {
    readonly width: number;
    readonly height: number;
    readonly widthSource: SettingSource;
    readonly heightSource: SettingSource;
    readonly holes: string | undefined;
    readonly holesSource: SettingSource;
  };
  readonly parts: number;
  /** Share of the board's area the courtyards cover, 0–1. */
  readonly density: number;
  /** `inside` when no edge had room left for an undeclared connector. */
  readonly connectors: readonly {
    readonly ref: string;
    readonly edge: Edge | "inside";
    readonly declared: boolean;
  }[];
  readonly decoupling: readonly {
    readonly cap: string;
    readonly ic: string;
    readonly pin: string;
    readonly net: string;
    readonly distance: number;
  }[];
  readonly references: {
    readonly onSilk: number;
    readonly hidden: readonly string[];
    readonly overOtherParts: readonly string[];
  };
  /** Minimum-spanning-tree length over each net's pads, mm. */
  readonly ratsnest: number;
  /** Every net with two or more pads: still to route (part 1 routes nothing). */
  readonly unrouted: readonly {
    readonly net: string;
    readonly kind: NetKind;
    readonly pads: number;
    readonly length: number;
  }[];
  /** The bottom pour; `deferred` when no pad of its net reaches B.Cu yet (the router's vias will). */
  readonly groundPour:
    | {
        readonly net: string;
        readonly layer: string;
        readonly filledArea: number | undefined;
        readonly deferred: boolean;
      }
    | undefined;
  readonly netClasses: readonly {
    readonly name: string;
    readonly trackWidth: number;
    readonly nets: number;
  }[];
  readonly findings: readonly LayoutFinding[];
  /** What the router did; undefined for a board placed only. */
  readonly routing?: RoutingReport;
}
