import { atom, headOf, list, type SList, type SNode, str, textAt } from "../sexp/node.js";

const MANDATORY = new Set(["Reference", "Value", "Footprint", "Datasheet", "Description"]);

function renamed(node: SList, name: string): SList {
  const [head, , ...rest] = node.items;
  return list([head ?? atom("symbol"), str(name), ...rest]);
}

/**
 * The `(symbol …)` tree of a library symbol with its `extends` chain resolved, as KiCad embeds a
 * derived symbol: the (flattened) parent's flags, units, pins and drawings under the child's
 * name — unit sub-symbols renamed `Parent_U_S` → `Child_U_S` — with the child's properties
 * overriding the parent's by name (an empty mandatory field keeps the parent's text).
 * `lookup` finds a sibling symbol's tree in the same library.
 */
export function flattenSymbolNode(
  node: SList,
  lookup: (name: string) => SList | undefined,
  seen: ReadonlySet<string> = new Set(),
): SList {
  const name = textAt(node, 1) ?? "";
  const extendsNode = node.items.find(
    (i): i is SList => i.kind === "list" && headOf(i) === "extends",
  );
  if (!extendsNode) return node;
  const parentName = textAt(extendsNode, 1) ?? "";
  const parentRaw = seen.has(name) ? undefined : lookup(parentName);
  if (!parentRaw) return node;
  const parent = flattenSymbolNode(parentRaw, lookup, new Set([...seen, name]));
  const own = new Map<string, SList>();
  for (const item of node.items) {
    if (item.kind === "list" && headOf(item) === "property") own.set(textAt(item, 1) ?? "", item);
  }
  const used = new Set<string>();
  const items: SNode[] = [];
  let lastProperty = -1;
  for (const item of parent.items.slice(2)) {
    if (item.kind === "list" && headOf(item) === "property") {
      const key = textAt(item, 1) ?? "";
      const mine = own.get(key);
      used.add(key);
      const keepParent = mine === undefined || (MANDATORY.has(key) && textAt(mine, 2) === "");
      items.push(keepParent ? item : (mine as SList));
      lastProperty = items.length - 1;
    } else if (item.kind === "list" && headOf(item) === "symbol") {
      const sub = textAt(item, 1) ?? "";
      const suffix = sub.startsWith(parentName) ? sub.slice(parentName.length) : sub;
      items.push(renamed(item, `${name}${suffix}`));
    } else {
      items.push(item);
    }
  }
  const extra = [...own.entries()].filter(([key]) => !used.has(key)).map(([, p]) => p);
  const ordered = [...items.slice(0, lastProperty + 1), ...extra, ...items.slice(lastProperty + 1)];
  return list([atom("symbol"), str(name), ...ordered]);
}
