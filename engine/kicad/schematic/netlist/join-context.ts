import type { SheetInstance } from "../hierarchy.js";
import type { BusAliases, BusShape } from "./bus-label.js";
import type { Driver } from "./drivers.js";
import type { SheetSubgraph } from "./sheet-connectivity.js";
import { UnionFind } from "./union-find.js";

/** A subgraph placed in one sheet instance: the unit the joins work on. */
export interface PlacedSubgraph {
  instance: SheetInstance;
  /** 0 for the root sheet, +1 per level. */
  depth: number;
  graph: SheetSubgraph;
  /** Best first. */
  drivers: Driver[];
  /** The bus this subgraph carries (named by its best bus-named driver), if any. */
  bus: BusShape | undefined;
  /** The bus is named by a global label, so its members are global nets. */
  busGlobal: boolean;
  busDriver: Driver | undefined;
  element: number;
}

/** A name a bus member offers to the nets it joins (KiCad renames bus neighbours to it). */
export interface MemberName {
  driver: Driver;
  depth: number;
}

/**
 * The union-find the joins share. Names are elements too: every subgraph of a sheet with a
 * strong driver "X" joins the element for (sheet, "X"); global names join (global, "X").
 */
export class JoinContext {
  readonly sets = new UnionFind();
  readonly aliases: BusAliases;
  /** Bus member names, by the element of the name they stand for. */
  readonly memberNames = new Map<number, MemberName[]>();
  private keys = new Map<string, number>();

  constructor(aliases: BusAliases) {
    this.aliases = aliases;
  }

  private key(key: string): number {
    let id = this.keys.get(key);
    if (id === undefined) {
      id = this.sets.add();
      this.keys.set(key, id);
    }
    return id;
  }

  /** The element standing for name `name` on sheet instance `instance`. */
  sheetName(instance: SheetInstance, name: string): number {
    return this.key(`S\u0000${instance.path}\u0000${name}`);
  }

  /** The element standing for the global name `name`. */
  globalName(name: string): number {
    return this.key(`G\u0000${name}`);
  }

  addMemberName(element: number, name: MemberName): void {
    const list = this.memberNames.get(element);
    if (list) list.push(name);
    else this.memberNames.set(element, [name]);
  }
}
