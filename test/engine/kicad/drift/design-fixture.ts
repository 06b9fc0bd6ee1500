import type { DriftDesign } from "../../../../engine/kicad/drift/drift-design.js";

/** A small board: MCU, I2C pull-ups, decoupling, an LED and a connector. */
export function sampleDesign(): DriftDesign {
  return {
    symbols: [
      {
        ref: "U1",
        value: "STM32F103C8T6",
        footprint: "Package_QFP:LQFP-48_7x7mm_P0.5mm",
        fields: { MPN: "STM32F103C8T6", Manufacturer: "ST" },
        pins: [
          { number: "1", name: "VBAT" },
          { number: "7", name: "NRST" },
          { number: "42", name: "PB6" },
          { number: "43", name: "PB7" },
          { number: "23", name: "VSS" },
          { number: "24", name: "VDD" },
          { number: "30", name: "PA9/USART1_TX" },
          { number: "31", name: "PA10" },
        ],
      },
      { ref: "R1", value: "4k7", footprint: "Resistor_SMD:R_0402_1005Metric" },
      { ref: "R2", value: "4.7k", footprint: "Resistor_SMD:R_0402_1005Metric" },
      { ref: "R3", value: "330", footprint: "Resistor_SMD:R_0402_1005Metric" },
      {
        ref: "C1",
        value: "100nF",
        footprint: "Capacitor_SMD:C_0402_1005Metric",
        fields: { "Manufacturer Part Number": "GRM155R71C104KA88D" },
      },
      { ref: "C2", value: "0.1uF", footprint: "Capacitor_SMD:C_0402_1005Metric" },
      { ref: "C3", value: "10uF", footprint: "Capacitor_SMD:C_0805_2012Metric", dnp: true },
      { ref: "D1", value: "LED", footprint: "LED_SMD:LED_0603_1608Metric" },
      { ref: "J1", value: "Conn_01x04", footprint: "Connector:Conn_01x04" },
      { ref: "TP1", value: "TestPoint", footprint: "", inBom: false },
      { ref: "#PWR01", value: "GND", inBom: false },
    ],
    nets: [
      {
        name: "GND",
        members: [
          { ref: "U1", pin: "23", pinName: "VSS" },
          { ref: "C1", pin: "2" },
          { ref: "C2", pin: "2" },
          { ref: "J1", pin: "4", pinName: "Pin_4" },
        ],
      },
      {
        name: "+3V3",
        members: [
          { ref: "U1", pin: "24", pinName: "VDD" },
          { ref: "U1", pin: "1", pinName: "VBAT" },
          { ref: "R1", pin: "1" },
          { ref: "R2", pin: "1" },
        ],
      },
      {
        name: "/I2C_SCL",
        members: [
          { ref: "U1", pin: "42", pinName: "PB6" },
          { ref: "R1", pin: "2" },
          { ref: "J1", pin: "1", pinName: "Pin_1" },
        ],
      },
      {
        name: "/I2C_SDA",
        members: [
          { ref: "U1", pin: "43", pinName: "PB7" },
          { ref: "R2", pin: "2" },
          { ref: "J1", pin: "2", pinName: "Pin_2" },
        ],
      },
      {
        name: "Net-(D1-A)",
        members: [
          { ref: "U1", pin: "30", pinName: "PA9/USART1_TX" },
          { ref: "D1", pin: "2" },
        ],
      },
      { name: "unconnected-(U1-PA10-Pad31)", members: [{ ref: "U1", pin: "31", pinName: "PA10" }] },
      {
        name: "~{RESET}",
        members: [
          { ref: "U1", pin: "7", pinName: "NRST" },
          { ref: "J1", pin: "3" },
        ],
      },
    ],
  };
}

export const CLEAN_BOM = `# Bill of materials

| Refdes | Qty | Value | Footprint | MPN |
|--------|----:|-------|-----------|-----|
| U1 | 1 | STM32F103C8T6 | LQFP-48 | \`STM32F103C8T6\` |
| R1, R2 | 2 | 4.7 kΩ | 0402 | |
| R3 | 1 | 330 ohm | R_0402_1005Metric | |
| C1-C2 | 2 | 0.1 µF | Capacitor_SMD:C_0402_1005Metric | GRM155R71C104KA88D |
| C3 | 1 | DNP | 0805 | |
| D1 | 1 | led | 0603 | |
| J1 | 1 | Conn_01x04 | | |
`;

export const CLEAN_PINOUT = `# Pinout

## U1 — STM32F103C8T6

| Pin # | Function | Signal |
|---|---|---|
| 1 | VBAT | +3V3 |
| 7 | NRST | ~{RESET} |
| 23 | VSS | GND |
| 24 | VDD | +3V3 |
| 30 | USART1_TX | Net-(D1-A) |
| 31 | PA10 | NC |
| 42 | PB6 | I2C_SCL |
| 43 | PB7 | /I2C_SDA |

## Connectors

| Ref | Pin | Net |
|---|---|---|
| J1 | 1 | I2C_SCL |
| J1 | 2 | I2C_SDA |
| J1 | 3 | ~RESET |
| J1 | 4 | GND |
`;
