import type { Intent } from "../../../../engine/kicad/draft/intent.js";

/** A library symbol with hidden power inputs, as KiCad 5-era libraries drew logic chips. */
export const HIDDEN_POWER_LIBRARY = `(kicad_symbol_lib
	(version 20241209)
	(generator "kicad_symbol_editor")
	(symbol "BUF"
		(property "Reference" "U" (at 0 5.08 0) (effects (font (size 1.27 1.27))))
		(property "Value" "BUF" (at 0 -5.08 0) (effects (font (size 1.27 1.27))))
		(symbol "BUF_1_1"
			(rectangle (start -5.08 3.81) (end 5.08 -3.81) (stroke (width 0.254) (type default)) (fill (type none)))
			(pin input line (at -7.62 0 0) (length 2.54) (name "A" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
			(pin output line (at 7.62 0 180) (length 2.54) (name "Y" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27)))))
			(pin power_in line (at 0 6.35 270) (length 2.54) (hide yes) (name "VCC" (effects (font (size 1.27 1.27)))) (number "3" (effects (font (size 1.27 1.27)))))
			(pin power_in line (at 0 -6.35 90) (length 2.54) (hide yes) (name "GND" (effects (font (size 1.27 1.27)))) (number "4" (effects (font (size 1.27 1.27)))))
		)
	)
)
`;

/** The buffer with its signals on a header and the header's VCC pins on net VCC. */
export function bufferIntent(): Intent {
  return {
    version: 1,
    parts: [
      { ref: "U1", libId: "Legacy:BUF", value: "BUF", group: "Logic" },
      { ref: "J1", libId: "Connector_Generic:Conn_01x04", value: "Header", group: "Logic" },
    ],
    nets: [
      { name: "A", pins: ["U1.1", "J1.1"] },
      { name: "Y", pins: ["U1.2", "J1.2"] },
      { name: "VCC", pins: ["J1.3", "J1.4"], kind: "power" },
    ],
  };
}
