import type { Body, SheetContext } from "../sheet-context.js";

/** Every unordered pair of bodies within `margin` mm of each other, each pair once, in order. */
export function* nearbyBodyPairs(ctx: SheetContext, margin: number): Generator<[Body, Body]> {
  for (let i = 0; i < ctx.bodies.length; i++) {
    const a = ctx.bodies[i]!;
    for (const hit of ctx.bodyIndex.query(a.box, margin)) {
      if (hit <= i) continue;
      yield [a, ctx.bodies[hit]!];
    }
  }
}
