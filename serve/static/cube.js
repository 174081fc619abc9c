// The N×N×N facelet model of the web page: stickers from 3-D coordinates,
// in godtab's facelet order (faces U R F D L B, each read left to right, top
// to bottom as seen from outside: U with B on top, D with F on top, the
// others with U on top), and face turns as rotations of the stickers of a
// layer. The server answers; this only redraws the steps of an answer.
"use strict";

const GodtabCube = (() => {
  // Per face: its normal, and the directions of "right" and "down" on it
  // as seen from outside (x towards R, y towards U, z towards F).
  const FACES = {
    U: { n: [0, 1, 0], r: [1, 0, 0], d: [0, 0, 1] },
    R: { n: [1, 0, 0], r: [0, 0, -1], d: [0, -1, 0] },
    F: { n: [0, 0, 1], r: [1, 0, 0], d: [0, -1, 0] },
    D: { n: [0, -1, 0], r: [1, 0, 0], d: [0, 0, -1] },
    L: { n: [-1, 0, 0], r: [0, 0, 1], d: [0, -1, 0] },
    B: { n: [0, 0, -1], r: [-1, 0, 0], d: [0, -1, 0] },
  };
  const ORDER = "URFDLB";

  const add = (a, b, k) => a.map((v, i) => v + k * b[i]);
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  // A quarter turn clockwise as seen from the tip of axis n: -90 degrees.
  const turn = (v, n) => add(n.map((x) => x * dot(n, v)), cross(n, v), -1);
  const key = (p, n) => p.concat(n).map((x) => Math.round(x * 2)).join(",");

  function stickers(size) {
    const list = [];
    for (const f of ORDER) {
      const F = FACES[f];
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) {
          let p = F.n.map((x) => (x * size) / 2);
          p = add(p, F.r, col + 0.5 - size / 2);
          p = add(p, F.d, row + 0.5 - size / 2);
          list.push({ p, n: F.n, face: f, row, col });
        }
    }
    return list;
  }

  // The permutation of one clockwise quarter turn of face f's outer layer:
  // after the turn, sticker to[i] holds what sticker i held.
  function quarter(size, f) {
    const list = stickers(size), index = new Map(list.map((s, i) => [key(s.p, s.n), i]));
    const axis = FACES[f].n, edge = size / 2 - 1;
    return list.map((s, i) => (dot(s.p, axis) > edge ? index.get(key(turn(s.p, axis), turn(s.n, axis))) : i));
  }

  const cache = new Map();
  function perm(size, f) {
    const k = size + f;
    if (!cache.has(k)) cache.set(k, quarter(size, f));
    return cache.get(k);
  }

  // Applies moves ("R U2 F'": outer face turns) to a facelet string.
  function apply(facelets, moves) {
    const size = Math.round(Math.sqrt(facelets.length / 6));
    let s = facelets.split("");
    for (const m of moves.trim().split(/\s+/).filter(Boolean)) {
      const f = m[0], times = m.endsWith("2") || m.endsWith("2'") ? 2 : m.endsWith("'") ? 3 : 1;
      if (!FACES[f]) throw new Error("unknown move " + m);
      for (let t = 0; t < times; t++) {
        const to = perm(size, f), next = s.slice();
        s.forEach((c, i) => (next[to[i]] = c));
        s = next;
      }
    }
    return s.join("");
  }

  const solved = (size) => ORDER.split("").map((f) => f.repeat(size * size)).join("");
  const isSolved = (facelets) => {
    const n = facelets.length / 6;
    for (let f = 0; f < 6; f++) for (let i = 1; i < n; i++) if (facelets[f * n + i] !== facelets[f * n]) return false;
    return true;
  };

  return { FACES, ORDER, apply, solved, isSolved, stickers };
})();

if (typeof module !== "undefined") module.exports = GodtabCube;
