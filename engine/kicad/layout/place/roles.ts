/** Reference prefixes of connectors (IEEE 315 / IPC: J jack, P plug, CN, X for some houses' sockets is too ambiguous). */
const CONNECTOR_REF = /^(J|P|CN|CON|USB)\d/i;
/** Footprint libraries that hold connectors. */
const CONNECTOR_LIB = /^(Connector|TerminalBlock)/;
/** ICs: the parts decoupling caps serve. */
const IC_REF = /^(U|IC)\d/i;

function libraryOf(footprint: string): string {
  const colon = footprint.indexOf(":");
  return colon < 0 ? "" : footprint.slice(0, colon);
}

/** A connector goes on a board edge: a J/P/CN/USB reference or a connector footprint library. */
export function isConnectorPart(ref: string, footprint: string): boolean {
  return CONNECTOR_REF.test(ref) || CONNECTOR_LIB.test(libraryOf(footprint));
}

/** An integrated circuit (U/IC reference with three or more pins). */
export function isIcPart(ref: string, pinCount: number): boolean {
  return IC_REF.test(ref) && pinCount >= 3;
}

export function isCapacitorRef(ref: string): boolean {
  return /^C\d/i.test(ref);
}
