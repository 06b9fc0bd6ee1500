/**
 * A sheet file used by many sheet instances (a channel drawn four times, 70 sheets of one
 * board) is the same parsed objects each time: what depends only on those objects is computed
 * once and looked up by identity (plus a string for what varies, like a reference's text).
 */
export class IdentityMemo<K extends object, V> {
  private readonly entries = new WeakMap<K, Map<string, V>>();

  get(key: K, variant: string, make: () => V): V {
    let byVariant = this.entries.get(key);
    if (!byVariant) {
      byVariant = new Map();
      this.entries.set(key, byVariant);
    }
    let value = byVariant.get(variant);
    if (value === undefined && !byVariant.has(variant)) {
      value = make();
      byVariant.set(variant, value);
    }
    return value as V;
  }
}
