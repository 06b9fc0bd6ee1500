/**
 * The Python side of the pcbnew wrapper, shipped inside the package as text and written into
 * each call's scratch folder (so there is no loose file to find at run time, and the script
 * always matches the wrapper that runs it). It reads a request file, does one job with
 * KiCad's own pcbnew module, and writes a response file; it never saves a board.
 *
 * Protocol: argv[1] request JSON, argv[2] response JSON. Exit 0 with {"ok": true, …} or
 * {"ok": false, "error": kind, "message": …}; exit 3 when `import pcbnew` fails.
 *
 * `fill-zones`: loads the board, fills every copper zone with pcbnew's ZONE_FILLER and returns
 * each zone's uuid, name, net and filled outlines per layer (by the file's standard layer name),
 * fractured (no holes), in nanometres — exact integers, so our writer rounds nothing. Any
 * board loads, not only ours: the export fills a person's board this way too.
 */
export const HELPER_SOURCE = `import json
import sys


def respond(path, payload):
    with open(path, "w", encoding="utf-8") as out:
        json.dump(payload, out)


def fill_zones(pcbnew, request):
    board = pcbnew.LoadBoard(request["board"])
    if board is None:
        return {"ok": False, "error": "load-failed", "message": "pcbnew could not load the board"}
    board.BuildConnectivity()
    zones = [z for z in board.Zones() if not z.GetIsRuleArea()]
    filler = pcbnew.ZONE_FILLER(board)
    filler.Fill(zones)
    result = []
    for zone in zones:
        fills = []
        for layer in zone.GetLayerSet().CuStack():
            polys = zone.GetFilledPolysList(layer)
            if any(polys.HoleCount(i) > 0 for i in range(polys.OutlineCount())):
                polys.Fracture()
            for i in range(polys.OutlineCount()):
                outline = polys.Outline(i)
                points = []
                for j in range(outline.PointCount()):
                    p = outline.CPoint(j)
                    points.append([p.x, p.y])
                # The file's name of the layer (B.Cu), not a board's own name for it (bottom_cu).
                fills.append({"layer": pcbnew.BOARD.GetStandardLayerName(layer), "points": points})
        result.append({
            "uuid": zone.m_Uuid.AsString(),
            "name": zone.GetZoneName(),
            "net": zone.GetNetname(),
            "fills": fills,
        })
    return {"ok": True, "zones": result}


def main():
    request_path, response_path = sys.argv[1], sys.argv[2]
    with open(request_path, encoding="utf-8") as source:
        request = json.load(source)
    try:
        import pcbnew
    except ImportError as error:
        respond(response_path, {"ok": False, "error": "module-missing", "message": str(error)})
        return 3
    try:
        if request.get("command") == "fill-zones":
            response = fill_zones(pcbnew, request)
        else:
            response = {"ok": False, "error": "bad-request", "message": "unknown command"}
    except Exception as error:
        response = {"ok": False, "error": "failed", "message": type(error).__name__ + ": " + str(error)}
    respond(response_path, response)
    return 0


if __name__ == "__main__":
    sys.exit(main())
`;
