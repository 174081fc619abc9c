# Writes godtab's .tws definitions (puzzles/*.tws but floppy.tws) from 3-D
# geometry: python3 puzzles/make_tws.py puzzles.
# a move rotates every
# piece on one side of a plane; a piece's stickers give its orientation.
import itertools, sys
from fractions import Fraction as Fr

def rot(axis, turns, k):
    # rotation about unit-ish axis by 2*pi*k/turns, exact for the cases used:
    # 90 deg about a coordinate axis, 120 deg about a (+-1,+-1,+-1) diagonal.
    def f(v):
        x, y, z = v
        if turns == 4:
            a = [i for i in range(3) if axis[i] != 0][0]
            s = axis[a]
            for _ in range(k % 4):
                # clockwise looking at the face from outside: v -> v rotated by -90 about axis
                if a == 0: x, y, z = x, z * s, -y * s
                elif a == 1: x, y, z = -z * s, y, x * s
                else: x, y, z = y * s, -x * s, z
            return (x, y, z)
        # 120 deg about diagonal d: cyclic permutation of coordinates with signs
        d = axis
        for _ in range(k % 3):
            # map e_x -> d_x d_y e_y etc. (a rotation fixing d)
            x, y, z = (d[0]*d[2]*z, d[1]*d[0]*x, d[2]*d[1]*y)
        return (x, y, z)
    return f

def det(a, b, c):
    return (a[0]*(b[1]*c[2]-b[2]*c[1]) - a[1]*(b[0]*c[2]-b[2]*c[0]) + a[2]*(b[0]*c[1]-b[1]*c[0]))

def order_stickers(st):
    # a cube corner's U/D sticker first (so U and D turns do not twist)
    st = sorted(st, key=lambda v: (v[2] == 0, v))
    if len(st) == 3 and det(st[0], st[1], st[2]) < 0:
        st = [st[0], st[2], st[1]]
    return st

class Set:
    def __init__(s, name, pieces, omod=None):
        # pieces: list of (position, [sticker normals])
        s.name = name
        s.pos = [p for p, _ in pieces]
        s.st = [order_stickers(st) for _, st in pieces]
        s.omod = omod if omod is not None else max(1, len(s.st[0]))

def move_set(S, f, inside):
    n = len(S.pos); perm = [0]*n; ori = [0]*n
    for q in range(n):
        if inside(S.pos[q]):
            j = S.pos.index(f(S.pos[q]))
            perm[j] = q + 1
            if S.omod > 1:
                # ksolve / twsearch: the orientation line is indexed by the
                # position the piece comes from
                ori[q] = S.st[j].index(f(S.st[q][0]))
                # check cyclic consistency
                for i, x in enumerate(S.st[q]):
                    assert S.st[j][(i + ori[q]) % len(S.st[j])] == f(x), (S.name, q, j)
        else:
            perm[q] = q + 1
    return perm, ori

PUBLISHED = {
 "2x2x2.tws": ["# @published htm all 1 9 54 321 1847 9992 50136 227536 870072 1887748 623800 2644",
               "# @published qtm all 1 6 27 120 534 2256 8969 33058 114149 360508 930588 1350852 782536 90280 276",
               "# (OEIS A079761 and A079762; the same counts as the pocket-htm / pocket-qtm tables)"],
 "2x2x2_full.tws": ["# @published htm all 1 18 243 2874 28000 205416 1168516 5402628 20776176 45391616 15139616 64736",
                    "# (twsearch -g on this file and on twsearch's samples/main/2x2x2.tws, cpp-0a8bfb0; the corners' group)"],
 "3x3x3_corners.tws": ["# @published htm all 1 18 243 2874 28000 205416 1168516 5402628 20776176 45391616 15139616 64736",
                       "# (Korf 1997; the counts of godtab's cube3-corners table)"],
 "3x3x3.tws": ["# @published qtm R,U 1 4 10 24 58 140 338 816 1970 4756 11448 27448 65260 154192 360692 827540 1851345 3968840 7891990 13659821 18471682 16586822 8039455 1511110 47351 87",
               "# (OEIS A080628: <R,U> in the quarter-turn metric)"],
}

def write(path, title, comment, sets, moves):
    out = [f"# {l}" if l else "#" for l in comment] + [""] + PUBLISHED.get(path.split("/")[-1], []) + [f"Name {title}", ""]
    for S in sets:
        out.append(f"Set {S.name} {len(S.pos)} {S.omod}")
    out += ["", "Solved"]
    for S in sets:
        out += [S.name, " ".join(str(i+1) for i in range(len(S.pos)))]
        if S.omod > 1: out.append(" ".join("0" for _ in S.pos))
    out += ["End", ""]
    for name, f, inside in moves:
        out.append(f"Move {name}")
        for S in sets:
            p, o = move_set(S, f, inside)
            if p == list(range(1, len(p)+1)) and not any(o):
                continue
            out += [S.name, " ".join(map(str, p))]
            if S.omod > 1: out.append(" ".join(map(str, o)))
        out += ["End", ""]
    open(path, "w").write("\n".join(out))

def dot(a, b): return sum(x*y for x, y in zip(a, b))
def sgn(v): return tuple((x > 0) - (x < 0) for x in v)

faces = {"U": (0,0,1), "D": (0,0,-1), "R": (1,0,0), "L": (-1,0,0), "F": (0,-1,0), "B": (0,1,0)}
cube_corners = [(x,y,z) for z in (1,-1) for y in (-1,1) for x in (1,-1)]
def corner_set(name="CORNERS"):
    return Set(name, [(c, [(c[0],0,0),(0,c[1],0),(0,0,c[2])]) for c in cube_corners])
cube_edges = [v for v in itertools.product((-1,0,1), repeat=3) if sorted(map(abs, v)) == [0,1,1]]
def edge_set():
    return Set("EDGES", [(e, [tuple(e[i] if j == i else 0 for j in range(3)) for i in range(3) if e[i]]) for e in cube_edges])

def face_moves(names, depth=0):
    return [(n, rot(faces[n], 4, 1), (lambda a: (lambda p: dot(p, a) > depth))(faces[n])) for n in names]

D = sys.argv[1]
src = "written for godtab from the cube's geometry (puzzles/README in docs/definitions.md)"
write(f"{D}/2x2x2.tws", "2x2x2 (DBL corner fixed)",
      ["The 2x2x2 with the down-back-left corner held still: quarter turns of U, R, F.",
       "Published: 3,674,160 positions, God's number 11 (HTM) / 14 (QTM),",
       "OEIS A079761 / A079762.", "Corners: positions by (x, y, z) signs; orientation counts the",
       "U/D sticker's place among the corner's three, counterclockwise."],
      [corner_set()], face_moves("URF"))
write(f"{D}/2x2x2_full.tws", "2x2x2 (all six faces)",
      ["The 2x2x2 with all six face turns: every orientation of the whole puzzle is",
       "a different state, 24 x 3,674,160 = 88,179,840 positions."],
      [corner_set()], face_moves("URFDLB"))
write(f"{D}/3x3x3.tws", "3x3x3 (centres fixed)",
      ["The 3x3x3 Rubik's cube, face turns U R F D L B (centres do not move).",
       "Too big for a full table; use a move subset: --moves R,U gives the",
       "2-generator group, 73,483,200 positions, God's number 25 QTM (OEIS A080628)."],
      [corner_set(), edge_set()], face_moves("URFDLB"))
write(f"{D}/3x3x3_corners.tws", "3x3x3 corners",
      ["The corners of the 3x3x3 under face turns: 88,179,840 positions;",
       "its distribution is godtab's cube3-corners pattern database."],
      [corner_set()], face_moves("URFDLB"))
# Skewb: turns of half the cube about four corner diagonals.
skew_axes = {"R": (1,-1,-1), "U": (-1,1,-1), "L": (-1,-1,1), "B": (1,1,1)}
# the 4 axes must be one tetrahedral set: pairwise they differ in exactly two signs
ax = list(skew_axes.values())
assert all(sum(a != b for a, b in zip(x, y)) == 2 for x, y in itertools.combinations(ax, 2))
centres = Set("CENTRES", [(v, [v]) for v in faces.values()], 1)
write(f"{D}/skewb.tws", "Skewb (one corner of each axis fixed)",
      ["The Skewb: 120-degree turns of half the puzzle about four corner axes that",
       "form a tetrahedron; the four corners on those axes only twist in place.",
       "Published: 3,149,280 positions, God's number 11 (OEIS A079745)."],
      [corner_set(), centres], [(n, rot(a, 3, 1), (lambda a: (lambda p: dot(p, a) > 0))(a)) for n, a in skew_axes.items()])
# Ivy cube: 4 corner pieces on a tetrahedron of corners, 6 petals (face centres).
ivy = [(1,1,1), (1,-1,-1), (-1,1,-1), (-1,-1,1)]
ivy_corners = Set("CORNERS", [(c, [(c[0],0,0),(0,c[1],0),(0,0,c[2])]) for c in ivy])
write(f"{D}/ivy.tws", "Ivy cube",
      ["The Ivy cube: four corner pieces that twist in place and six petals, each",
       "corner turn cycling the three petals around it.",
       "Published: 29,160 positions, God's number 8 (Jaap's Puzzle Page)."],
      [ivy_corners, centres], [(n, rot(a, 3, 1), (lambda a: (lambda p: dot(p, a) > 0))(a)) for n, a in zip("ABCD", ivy)])
# Pyraminx without tips: tetrahedron vertices, edge pieces at the cube's face
# centres (edge midpoints of the tetrahedron), axial centres at the vertices.
tv = {"U": (1,1,1), "L": (1,-1,-1), "R": (-1,1,-1), "B": (-1,-1,1)}
def tface_normals_containing(vs):
    return [tuple(-x for x in w) for w in tv.values() if w not in vs]
pedges = []
for a, b in itertools.combinations(tv.values(), 2):
    m = tuple((x + y) // 2 for x, y in zip(a, b))
    pedges.append((m, tface_normals_containing([a, b])))
pcent = Set("CENTRES", [(tuple(2*x for x in v), tface_normals_containing([v])) for v in tv.values()], 3)
write(f"{D}/pyraminx.tws", "Pyraminx without tips",
      ["The Pyraminx without its trivial tips: six edges (two orientations) and four",
       "axial centres (three), 120-degree turns about the four vertices.",
       "Published: 933,120 positions, God's number 11 (OEIS A309109)."],
      [Set("EDGES", pedges, 2), pcent], [(n, rot(v, 3, 1), (lambda a: (lambda p: dot(p, a) > 0))(v)) for n, v in tv.items()])
