/** The variable through which the run's kicad-cli cache folder reaches worker processes. */
export const KICAD_CACHE_ENV = "COPPERHEAD_TEST_KICAD_CACHE";
