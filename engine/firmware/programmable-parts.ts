import { annotationOf, type SchematicHierarchy } from "../kicad/schematic/hierarchy.js";

/** A part that runs firmware (or takes a bitstream), and what gave it away. */
export interface ProgrammablePart {
  ref: string;
  libId: string;
  reason: string;
}

/** KiCad library families of parts that are programmed: MCUs, FPGAs, CPLDs, DSPs. */
const LIBRARY = /^(MCU_|FPGA_|CPLD_|DSP_|Processor_)/i;
/**
 * Pins only a programmable part has: a debug or programming port (SWD, JTAG's TMS/TCK, AVR's
 * UPDI/PDI, PIC's ICSP), or a boot strap. Pin names like "RB7/PGD" are split on "/".
 */
const PROGRAMMING_PIN =
  /^(SWDIO|SWCLK|SWDCLK|TMS|TCK|UPDI|PDI|ICSPDAT|ICSPCLK|PGD|PGC|PGED\d|PGEC\d|BOOT0|BOOTSEL|MCLR)$/i;
/** What KiCad's libraries say of such parts in `ki_keywords` and the description. */
const KEYWORDS = /\b(microcontroller|mcu|microprocessor|fpga|cpld|dsp|soc)\b/i;
/** Connectors carry programming pins for the part on the other side; they are not it. */
const CONNECTOR_REF = /^(J|P|CN|X)\d/;

/**
 * The programmable parts of a design: symbols from an MCU/FPGA/CPLD library, or whose pins
 * include a programming or debug interface. One entry per reference, in reference order.
 */
export function programmableParts(hierarchy: SchematicHierarchy): ProgrammablePart[] {
  const found = new Map<string, ProgrammablePart>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      const { reference } = annotationOf(hierarchy, instance, symbol);
      if (symbol.power || reference.startsWith("#") || found.has(reference)) continue;
      if (CONNECTOR_REF.test(reference)) continue;
      const library = symbol.libId.split(":")[0] ?? "";
      if (LIBRARY.test(library)) {
        found.set(reference, { ref: reference, libId: symbol.libId, reason: `library ${library}` });
        continue;
      }
      // Vendored symbols carry the project library's name: their keywords still tell.
      const said = (symbol.lib?.properties ?? []).find(
        (p) => (p.name === "ki_keywords" || p.name === "Description") && KEYWORDS.test(p.value),
      );
      if (said) {
        const word = KEYWORDS.exec(said.value)?.[1] ?? "";
        found.set(reference, {
          ref: reference,
          libId: symbol.libId,
          reason: `${said.name} "${word}"`,
        });
        continue;
      }
      const pin = (symbol.lib?.pins ?? [])
        .flatMap((p) => p.name.split("/"))
        .find((name) => PROGRAMMING_PIN.test(name.trim()));
      if (pin) {
        found.set(reference, { ref: reference, libId: symbol.libId, reason: `pin ${pin.trim()}` });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.ref.localeCompare(b.ref, "en", { numeric: true }));
}
