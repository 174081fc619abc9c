// The godtab web page: every answer comes from godtab-serve's API; the page
// only draws (SVG) and steps through the moves (cube.js). No build step, no
// library, nothing fetched from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { U: "#ffffff", R: "#c41e3a", F: "#009e60", D: "#ffd500", L: "#ff5800", B: "#0051ba" };

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// GET (params) or POST (body) to the API; the error object's message is thrown.
async function api(path, params, body) {
  const url = path + (params ? "?" + new URLSearchParams(params) : "");
  const res = await fetch(url, body === undefined ? {} : { method: "POST", body });
  const json = await res.json();
  if (json && json.error) throw new Error(json.error.message + " (" + json.error.kind + ", code " + json.error.code + ")");
  return json;
}

// ---- the cube: net, painting, answers, steps ----

const cube = { size: 2, start: "", facelets: "", moves: [], step: 0, paint: "U" };

function drawNet() {
  const svg = $("net"), n = cube.size, face = 58, cell = face / n;
  const at = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] };
  svg.textContent = "";
  GodtabCube.stickers(n).forEach((s, i) => {
    const [fx, fy] = at[s.face];
    const r = el("rect", {
      x: 1 + fx * 60 + s.col * cell, y: 1 + fy * 60 + s.row * cell, width: cell, height: cell,
      fill: COLOURS[cube.facelets[i]] || "#888", class: "sticker", "data-index": i,
    }, svg);
    r.addEventListener("click", () => paintSticker(i));
  });
}

function paintSticker(i) {
  const f = cube.facelets.split("");
  f[i] = cube.paint;
  cube.facelets = cube.start = f.join("");
  cube.moves = [];
  cube.step = 0;
  showSteps();
}

function showSteps() {
  cube.facelets = GodtabCube.apply(cube.start, cube.moves.slice(0, cube.step).join(" "));
  drawNet();
  $("step-pos").textContent = cube.step + "/" + cube.moves.length;
  const list = $("moves");
  list.textContent = "";
  cube.moves.forEach((m, i) => {
    const s = document.createElement("span");
    s.textContent = m;
    s.className = i < cube.step ? "done" : i === cube.step ? "next" : "";
    list.appendChild(s);
  });
}

function step(to) {
  cube.step = Math.max(0, Math.min(cube.moves.length, to));
  showSteps();
}

function showAnswer(a) {
  cube.start = a.facelets;
  cube.moves = a.solution ? a.solution.split(" ") : [];
  cube.step = 0;
  $("solution").textContent = a.solution || "(solved)";
  const d = a.distance !== undefined ? a.distance : a.length;
  $("distance").textContent = "(" + d + (a.optimal === false ? ", at most " + a.max_length + ": not proven optimal)"
                                                             : ", optimal)");
  showSteps();
}

async function solveCube(params) {
  $("cube-error").textContent = "";
  try {
    // the 3x3x3 is answered by the two-phase solver (at most 20 moves)
    const cube3 = $("cube-puzzle").value === "cube3";
    const a = await api("/api/solve", Object.assign(cube3 ? { puzzle: "cube3", near: "1" }
                                                          : { puzzle: "pocket", metric: $("cube-metric").value, show: "1" },
                                                    params));
    if (!a.facelets) a.facelets = params.facelets || GodtabCube.apply(GodtabCube.solved(cube.size), params.scramble || "");
    showAnswer(a);
    return a;
  } catch (e) {
    $("cube-error").textContent = e.message;
    $("solution").textContent = "–";
    $("distance").textContent = "";
    throw e;
  }
}

function resetCube() {
  cube.size = $("cube-puzzle").value === "pocket" ? 2 : 3;
  cube.start = cube.facelets = GodtabCube.solved(cube.size);
  cube.moves = [];
  cube.step = 0;
  showSteps();
}

function setupCube() {
  const pal = $("palette");
  for (const f of GodtabCube.ORDER) {
    const b = document.createElement("span");
    b.className = "swatch" + (f === cube.paint ? " on" : "");
    b.style.background = COLOURS[f];
    b.title = "paint " + f;
    b.addEventListener("click", () => {
      cube.paint = f;
      for (const s of pal.children) s.classList.toggle("on", s === b);
    });
    pal.appendChild(b);
  }
  $("solve").addEventListener("click", () => solveCube({ scramble: $("scramble").value }).catch(() => {}));
  $("solve-painted").addEventListener("click", () => solveCube({ facelets: cube.start }).catch(() => {}));
  $("reset").addEventListener("click", resetCube);
  $("cube-puzzle").addEventListener("change", resetCube);
  $("step-first").addEventListener("click", () => step(0));
  $("step-prev").addEventListener("click", () => step(cube.step - 1));
  $("step-next").addEventListener("click", () => step(cube.step + 1));
  $("step-last").addEventListener("click", () => step(cube.moves.length));
  resetCube();
}

// ---- the flip taquin ----

const taq = { rows: 3, cols: 3, start: [], moves: [], step: 0, type: null };

function flip(tiles, move) {
  const t = tiles.slice(), k = parseInt(move.slice(1), 10) - 1;
  if (move[0] === "L")
    for (let c = 0; c < taq.cols; c++) t[k * taq.cols + c] = 1 - tiles[k * taq.cols + taq.cols - 1 - c];
  else
    for (let r = 0; r < taq.rows; r++) t[r * taq.cols + k] = 1 - tiles[(taq.rows - 1 - r) * taq.cols + k];
  return t;
}

function taquinTiles() {
  return taq.moves.slice(0, taq.step).reduce(flip, taq.start);
}

function configText(tiles) {
  const rows = [];
  for (let r = 0; r < taq.rows; r++) rows.push(tiles.slice(r * taq.cols, (r + 1) * taq.cols).join(""));
  return rows.join("/");
}

function drawTaquin() {
  const svg = $("taquin-svg"), tiles = taquinTiles(), side = 190 / Math.max(taq.rows, taq.cols);
  svg.textContent = "";
  tiles.forEach((v, i) => {
    const r = el("rect", { x: 5 + (i % taq.cols) * side, y: 5 + Math.floor(i / taq.cols) * side, width: side - 4,
                           height: side - 4, rx: 4, class: "tile", fill: v ? "#333" : "#f4f4f4" }, svg);
    r.addEventListener("click", () => {
      const t = taquinTiles();
      t[i] = 1 - t[i];
      taq.start = t;
      taq.moves = [];
      taq.step = 0;
      drawTaquin();
    });
  });
  $("taquin-pos").textContent = taq.step + "/" + taq.moves.length;
}

function describeType(a) {
  if (!a.type) return "";
  const t = a.type, near = (d) => t.neighbours.filter((x) => x.distance === d)
    .map((x) => x.representative + " by " + x.moves).join("; ") || "none";
  return "Type " + (t.number || "") + " " + t.representative + ": " + t.orbit_size + " configurations, stabiliser {" +
    t.stabiliser.join(", ") + "}. Closer: " + near(a.distance - 1) + ". Farther: " + near(a.distance + 1) + ".";
}

async function solveTaquin() {
  $("taquin-error").textContent = "";
  try {
    const a = await api("/api/solve", { puzzle: "taquin", board: taq.rows + "x" + taq.cols,
                                        config: configText(taquinTiles()), show: "1" });
    taq.start = taquinTiles();
    taq.moves = a.solution ? a.solution.split(" ") : [];
    taq.step = 0;
    taq.type = a.type ? a.type.representative : null;
    $("taquin-solution").textContent = a.solution || "(solved)";
    $("taquin-distance").textContent = "(" + a.distance + ")";
    $("taquin-type").textContent = describeType(a);
    drawTaquin();
    if (graph.nodes) drawGraph();
  } catch (e) {
    $("taquin-error").textContent = e.message;
  }
}

function setupTaquin() {
  const sel = $("taquin-board");
  for (let r = 2; r <= 6; r++)
    for (let c = 2; c <= 6; c++) {
      const o = document.createElement("option");
      o.textContent = r + "x" + c;
      o.selected = r === 3 && c === 3;
      sel.appendChild(o);
    }
  const reset = () => {
    [taq.rows, taq.cols] = sel.value.split("x").map(Number);
    taq.start = new Array(taq.rows * taq.cols).fill(0);
    taq.moves = [];
    taq.step = 0;
    drawTaquin();
  };
  sel.addEventListener("change", reset);
  $("taquin-clear").addEventListener("click", reset);
  $("taquin-solve").addEventListener("click", solveTaquin);
  $("taquin-prev").addEventListener("click", () => { taq.step = Math.max(0, taq.step - 1); drawTaquin(); });
  $("taquin-next").addEventListener("click", () => { taq.step = Math.min(taq.moves.length, taq.step + 1); drawTaquin(); });
  reset();
}

// ---- the 3x3 quotient graph: types, niches and a smallest beacon set from
// the server (/api/taquin/graph: the library's anatomy and beacon search) ----

const graph = { nodes: null, edges: null, beacons: 0 };

async function loadGraph() {
  const g = await api("/api/taquin/graph", { board: "3x3", radius: $("graph-radius").value });
  const nodes = new Map(), edges = new Set(), byIndex = g.types.map((t) => t.representative);
  for (const t of g.types) {
    nodes.set(t.representative, { rep: t.representative, number: t.number, d: t.distance, up: !t.niche,
                                  beacon: t.beacon });
    for (const j of t.closer.concat(t.as_far)) edges.add([t.representative, byIndex[j]].sort().join(" "));
  }
  graph.nodes = nodes;
  graph.edges = edges;
  graph.beacons = g.beacons;
  $("graph-legend").textContent = g.types.length + " types, " + g.niches + " upward niches (red), a smallest set of " +
    g.beacons + " beacons for radius " + g.radius + " (blue; " + g.smallest_beacon_sets + " such sets, niches exempt)";
}

function drawGraph() {
  const svg = $("graph-svg"), byD = new Map(), pos = new Map();
  svg.textContent = "";
  for (const n of graph.nodes.values()) {
    if (!byD.has(n.d)) byD.set(n.d, []);
    byD.get(n.d).push(n);
  }
  for (const [d, list] of byD) {
    list.sort((a, b) => (a.number || a.rep).localeCompare(b.number || b.rep, undefined, { numeric: true }));
    el("circle", { cx: 0, cy: 0, r: d * 34, fill: "none", stroke: "#ddd" }, svg);
    list.forEach((n, i) => {
      const angle = (2 * Math.PI * (i + 0.5 * (d % 2))) / list.length - Math.PI / 2;
      pos.set(n.rep, [d * 34 * Math.cos(angle), d * 34 * Math.sin(angle)]);
    });
  }
  for (const e of graph.edges) {
    const [a, b] = e.split(" ").map((r) => pos.get(r));
    if (a && b) el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#9ab", "stroke-width": 0.6 }, svg);
  }
  for (const n of graph.nodes.values()) {
    const [x, y] = pos.get(n.rep), g = el("g", {}, svg);
    el("circle", { cx: x, cy: y, r: 9, fill: n.rep === taq.type ? "#f90" : n.beacon ? "#8cf" : "#fff",
                   stroke: n.up ? "#357" : "#c00", "stroke-width": n.up ? 1 : 2.5 }, g);
    const label = el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 6 }, g);
    label.textContent = n.number ? n.number.replace(/[()]/g, "") : n.d;
    el("title", {}, g).textContent = (n.number || "") + " " + n.rep + " at distance " + n.d + (n.up ? "" : " (niche)") +
      (n.beacon ? " (beacon)" : "");
  }
}

function setupGraph() {
  $("graph-draw").addEventListener("click", async () => {
    $("graph-error").textContent = "";
    try {
      await loadGraph();
      drawGraph();
    } catch (e) {
      $("graph-error").textContent = e.message;
    }
  });
}

// ---- the tables' distributions ----

function drawChart(t, log) {
  const box = document.createElement("div"), h = document.createElement("h3");
  box.className = "chart";
  h.textContent = t.name + " — " + t.states.toLocaleString() + " states, God's number " + t.gods_number;
  box.appendChild(h);
  const svg = el("svg", { viewBox: "0 0 600 180" }, box), max = Math.max(...t.distribution);
  const w = 560 / t.distribution.length, scale = (v) => (log ? Math.log10(v + 1) / Math.log10(max + 1) : v / max);
  t.distribution.forEach((v, d) => {
    const bh = 150 * scale(v), bar = el("rect", { x: 30 + d * w, y: 160 - bh, width: w * 0.8, height: bh, class: "bar" }, svg);
    el("title", {}, bar).textContent = "depth " + d + ": " + v.toLocaleString();
    el("text", { x: 30 + d * w + w * 0.4, y: 172, "text-anchor": "middle", class: "axis" }, svg).textContent = d;
  });
  return box;
}

async function setupTables() {
  const charts = $("charts"), draw = (tables) => {
    charts.textContent = "";
    for (const t of tables) charts.appendChild(drawChart(t, $("log-scale").checked));
  };
  try {
    const { tables } = await api("/api/tables");
    $("log-scale").addEventListener("change", () => draw(tables));
    draw(tables);
  } catch (e) {
    $("tables-error").textContent = e.message;
  }
}

// ---- the browser test: ?test=SCRAMBLE solves, steps, and reports ----

async function selfTest(scramble) {
  const out = { scramble };
  try {
    $("scramble").value = scramble;
    $("solve").click();
    for (let i = 0; i < 200 && $("solution").textContent === "–" && !$("cube-error").textContent; i++)
      await new Promise((r) => setTimeout(r, 10));
    out.solution = $("solution").textContent;
    out.error = $("cube-error").textContent;
    out.start = cube.facelets;
    for (let i = 0; i < cube.moves.length; i++) $("step-next").click();
    out.solvedAtEnd = GodtabCube.isSolved(cube.facelets);
    out.stepText = $("step-pos").textContent;
    $("step-prev").click();
    out.backOneSolved = GodtabCube.isSolved(cube.facelets);
    $("step-first").click();
    out.backToStart = cube.facelets === out.start;
    out.stickers = document.querySelectorAll("#net .sticker").length;
    out.charts = document.querySelectorAll(".chart").length;
    // the 3x3x3 (two-phase): solve, step to the end, a solved net
    $("cube-puzzle").value = "cube3";
    resetCube();
    const a3 = await solveCube({ scramble: "R U F2 D' L B2" });
    for (let i = 0; i < cube.moves.length; i++) $("step-next").click();
    out.cube3 = { solution: a3.solution, stickers: document.querySelectorAll("#net .sticker").length,
                  solvedAtEnd: GodtabCube.isSolved(cube.facelets) };
    await loadGraph();
    drawGraph();
    out.graphTypes = graph.nodes.size;
    out.graphNiches = [...graph.nodes.values()].filter((n) => !n.up).length;
    out.graphBeacons = [...graph.nodes.values()].filter((n) => n.beacon).length;
  } catch (e) {
    out.error = String(e);
  }
  out.renderMs = window.godtabRenderMs;
  $("test-result").textContent = JSON.stringify(out);
  document.title = "godtab: test done";
}

window.addEventListener("DOMContentLoaded", async () => {
  setupCube();
  setupTaquin();
  setupGraph();
  window.godtabRenderMs = Math.round(performance.now());
  $("render-ms").textContent = "first render " + window.godtabRenderMs + " ms";
  await setupTables();
  api("/api/health").then((h) => ($("health").textContent = "· server up " + Math.round(h.uptime) + " s"), () => {});
  const query = new URLSearchParams(location.search), test = query.get("test");
  if (test !== null) await selfTest(test);
  else if (query.get("scramble") !== null) { // a link to a solved scramble (and the README's picture)
    $("scramble").value = query.get("scramble");
    await solveCube({ scramble: query.get("scramble") }).catch(() => {});
    $("graph-draw").click();
  }
});
