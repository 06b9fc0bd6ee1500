// Types for modules.mjs (the curated list), for its tests.
export interface MutationGroup {
  name: string;
  files: string[];
  tests: string[];
}
export const MUTATION_GROUPS: MutationGroup[];
