"""The demo's hand layout: places the breakout's ten parts on the layout stage's blank board and
routes them, with KiCad's own pcbnew module (run it with /usr/bin/python3).

    place-and-route.py <blank.kicad_pcb> <out.kicad_pcb> <netlist.net>

The netlist is `kicad-cli sch export netlist` of the demo's drafted sheet: the parts, their
footprints, their symbol uuids (the board's footprint paths, which DRC's parity check follows) and
which pad is on which net. make-layout-session.mjs turns the result into the layout stage's
scripted session (anchored edits of the blank board). Coordinates are millimetres as if the
outline were 100..130 x 100..120 (moved to where the blank board's outline is), the M3 holes at (103.5, 103.5) and (126.5, 116.5).
"""
import sys, re, pcbnew
src, out, netfile = sys.argv[1], sys.argv[2], sys.argv[3]
L = "/usr/share/kicad/footprints/"
board = pcbnew.LoadBoard(src)
text = open(netfile).read()
comps = {}
for m in re.finditer(r'\(comp \(ref "([^"]+)"\)\s*\(value "([^"]*)"\)\s*\(footprint "([^"]+)"\).*?\(tstamps "([0-9a-f-]{36})"\)\)', text, re.S):
    comps[m.group(1)] = (m.group(2), m.group(3), m.group(4))
padnet = {}
nets = {}
for m in re.finditer(r'\(net \(code "\d+"\) \(name "([^"]+)"\).*?(?=\(net \(code|\Z)', text, re.S):
    name = m.group(1)
    ni = pcbnew.NETINFO_ITEM(board, name)
    board.Add(ni)
    nets[name] = ni
    for n in re.finditer(r'\(node \(ref "([^"]+)"\) \(pin "([^"]+)"\)', m.group(0)):
        padnet[(n.group(1), n.group(2))] = name
# Coordinates below are relative to an outline whose top-left corner is (100, 100); the blank
# board may put it anywhere, so every position is moved by where its outline really starts.
edge = board.GetBoardEdgesBoundingBox()
DX, DY = pcbnew.ToMM(edge.GetX()) + 0.025 - 100, pcbnew.ToMM(edge.GetY()) + 0.025 - 100
DX, DY = round(DX, 3), round(DY, 3)
P = lambda x, y: pcbnew.VECTOR2I(pcbnew.FromMM(x + DX), pcbnew.FromMM(y + DY))
place = {
    "J1": (104.3, 112.8, 270), "J2": (124.65, 109.5, 90), "J3": (118.0, 114.3, 0),
    "D1": (113.5, 104.0, 0), "F1": (113.5, 108.4, 0), "C1": (119.3, 108.0, 90),
    "R1": (111.0, 112.3, 0), "R2": (114.4, 113.7, 0), "R3": (114.0, 116.0, 180),
    "D2": (110.5, 116.0, 0),
}
fps = {}
for ref, (value, fpid, uuid) in comps.items():
    lib, name = fpid.split(":")
    fp = pcbnew.FootprintLoad(L + lib + ".pretty", name)
    fp.SetFPID(pcbnew.LIB_ID(lib, name))
    fp.SetReference(ref)
    fp.SetValue(value)
    fp.SetPath(pcbnew.KIID_PATH("/" + uuid))
    fp.SetSheetname("/")
    fp.SetSheetfile("usb-c-5v-power-breakout.kicad_sch")
    x, y, r = place[ref]
    board.Add(fp)
    fp.SetPosition(P(x, y))
    fp.SetOrientationDegrees(r)
    for pad in fp.Pads():
        net = padnet.get((ref, pad.GetNumber()))
        if net: pad.SetNet(nets[net])
    fps[ref] = fp
def pad(ref, num, i=0):
    ps = [p for p in fps[ref].Pads() if p.GetNumber() == num]
    p = ps[i].GetPosition()
    return (pcbnew.ToMM(p.x) - DX, pcbnew.ToMM(p.y) - DY)
def track(net, width, layer, *pts):
    for a, b in zip(pts, pts[1:]):
        t = pcbnew.PCB_TRACK(board)
        t.SetStart(P(*a)); t.SetEnd(P(*b)); t.SetWidth(pcbnew.FromMM(width))
        t.SetLayer(layer); t.SetNet(nets[net]); board.Add(t)
def via(net, x, y):
    v = pcbnew.PCB_VIA(board)
    v.SetPosition(P(x, y)); v.SetWidth(pcbnew.FromMM(0.6)); v.SetDrill(pcbnew.FromMM(0.3))
    v.SetNet(nets[net]); board.Add(v)
F, B = pcbnew.F_Cu, pcbnew.B_Cu
# --pads lists every pad where it landed (to route against)
if "--pads" in sys.argv:
    for ref in sorted(fps):
        for p in fps[ref].Pads():
            print(ref, p.GetNumber(), [round(v, 3) for v in (pcbnew.ToMM(p.GetPosition().x), pcbnew.ToMM(p.GetPosition().y))])
# VBUS: both receptacle pins to the fuse and the TVS
track("VBUS", 0.6, F, pad("J1","B9"), (109.2, 111.28))
track("VBUS", 0.8, F, (109.2, 111.28), (109.2, 108.4), pad("F1","1"))
track("VBUS", 0.8, F, (109.2, 108.4), (109.2, 104.0), pad("D1","1"))
track("VBUS", 0.6, F, pad("J1","A9"), (109.2, 114.32))
via("VBUS", 109.2, 114.32); via("VBUS", 109.2, 111.28)
track("VBUS", 0.8, B, (109.2, 114.32), (109.2, 111.28))
# CC pull-downs
track("/CC1", 0.25, F, pad("J1","A5"), pad("R1","1"))
track("/CC2", 0.25, F, pad("J1","B5"), (112.9, 113.3), pad("R2","1"))
# +5V from the fuse to the cap, the terminal, the header and the LED resistor
track("+5V", 1.0, F, pad("F1","2"), (117.0, 109.475), pad("C1","1"))
track("+5V", 1.0, F, pad("C1","1"), (122.0, 109.475), pad("J2","1"))
track("+5V", 1.0, F, pad("C1","1"), (119.3, 111.5), (120.54, 112.8), pad("J3","2"))
track("+5V", 1.0, F, pad("J3","1"), pad("J3","2"))
track("+5V", 0.4, F, pad("J3","1"), (117.4, 115.3), (115.6, 116.0), pad("R3","1"))
track("/LED_A", 0.25, F, pad("R3","2"), pad("D2","2"))
# GND: receptacle pins to the shell, shell pads tied on B.Cu, a B.Cu spine along the bottom
track("GND", 0.6, F, pad("J1","B12"), pad("J1","S1",0))
track("GND", 0.6, F, pad("J1","A12"), pad("J1","S1",2))
track("GND", 0.6, B, pad("J1","S1",1), pad("J1","S1",0), pad("J1","S1",2), pad("J1","S1",3))
track("GND", 0.8, B, pad("J1","S1",2), (107.3, 118.6), (122.3, 118.6), (122.3, 104.0), (117.6, 104.0))
track("GND", 0.8, B, pad("J2","2"), (122.3, 106.0))
via("GND", 117.6, 104.0); track("GND", 0.8, F, pad("D1","2"), (117.6, 104.0))
via("GND", 119.3, 104.0); track("GND", 0.6, F, pad("C1","2"), (119.3, 104.0))
via("GND", 112.9, 112.3); track("GND", 0.4, F, pad("R1","2"), (112.9, 112.3)); track("GND", 0.5, B, (112.9, 112.3), (112.9, 118.6))
via("GND", 116.3, 113.7); track("GND", 0.4, F, pad("R2","2"), (116.3, 113.7)); track("GND", 0.5, B, (116.3, 113.7), (116.3, 118.6))
via("GND", 109.713, 117.4); track("GND", 0.4, F, pad("D2","1"), (109.713, 117.4)); track("GND", 0.5, B, (109.713, 117.4), (109.713, 118.6))
track("GND", 0.8, B, pad("J3","3"), (118.0, 118.6))
track("GND", 0.8, B, pad("J3","4"), (120.54, 118.6))
# references where they read clearly and touch no pad or outline
def ref_at(ref, x, y, deg=0, size=None):
    t = fps[ref].Reference()
    t.SetPosition(P(x, y)); t.SetTextAngleDegrees(deg)
    if size:
        t.SetTextSize(pcbnew.VECTOR2I(pcbnew.FromMM(size), pcbnew.FromMM(size))); t.SetTextThickness(pcbnew.FromMM(size * 0.15))
ref_at("J1", 104.8, 112.8, 90)
ref_at("F1", 113.5, 108.4)
ref_at("R1", 110.9, 114.55, 0, 0.8)
ref_at("J2", 124.65, 102.4)
ref_at("D2", 111.4, 117.55)
# The blank board's H1 reference sits below its hole, on J1's shell pad: beside the hole instead.
for hole in board.GetFootprints():
    if hole.GetReference() == "H1":
        hole.Reference().SetPosition(P(107.9, 103.0))
board.Save(out)
