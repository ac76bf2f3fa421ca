// rulekit serve: the board of the Work Cycle (Province's family): its spaces in order, the workers on them in
// the colours the rules name, the workers off it, how close the end is, and the rows under it (goal, token,
// ships, supply). A ringed worker may be moved now: a click plays it.
"use strict";

function drawCycle(area, game) {
  let svg = $("board");
  if (!svg || svg.parentNode !== area) {
    area.replaceChildren();
    svg = el("svg:svg", {id: "board", role: "img"});
    area.appendChild(svg);
    area.appendChild(el("dl", {id: "rows"}));
  }
  svg.replaceChildren();
  const view = game.view;
  const spaces = view.spaces;
  // drawn at the panel's width, in pixels: the spaces wrap onto more rows on a narrow window
  const W = Math.max(280, Math.round(svg.parentNode.clientWidth - 16) || 800);
  const gap = 28, r = 13, n = spaces.length;
  const cols = Math.max(1, Math.min(n, Math.floor((W - 24 + gap) / (150 + gap))));
  const pad = cols < n ? 22 : 10;                      // room at the left for the way back
  const boxW = (W - 2 * pad - gap * (cols - 1)) / cols;
  const perRow = Math.max(1, Math.floor((boxW - 12) / (2 * r + 6)));
  const rows = Math.max(1, ...spaces.map((s) => Math.ceil(s.workers.length / perRow)));
  const boxH = 64 + rows * (2 * r + 8);
  const moves = new Map();
  for (const a of game.actions) {
    if (a.kind === "move") moves.set(`${a.worker}@${a.origin}`, a);
  }
  svg.appendChild(el("svg:title", {}, game.strings.work_cycle));
  const names = [], yields = [];
  const top = 8;
  const place = (i) => [pad + (i % cols) * (boxW + gap), top + Math.floor(i / cols) * (boxH + gap)];
  spaces.forEach((space, i) => {
    const [x, y0] = place(i);
    const g = el("svg:g", {class: "space", "data-space": space.id});
    g.appendChild(el("svg:rect", {class: "box", x, y: y0, width: boxW, height: boxH, rx: 8}));
    const name = el("svg:text", {class: "label", x: x + 8, y: y0 + 22, "font-size": 17, "font-weight": "bold"}, space.name);
    g.appendChild(name);
    const yieldText = el("svg:text", {class: "label", x: x + 8, y: y0 + 44, "font-size": 14}, space.yield_text);
    g.appendChild(yieldText);
    svg.appendChild(g);
    names.push(name);
    yields.push(yieldText);
    space.workers.forEach((w, k) => {
      const cx = x + 8 + r + (k % perRow) * (2 * r + 6);
      const cy = y0 + 64 + Math.floor(k / perRow) * (2 * r + 8);
      const move = w.can_move ? moves.get(`${w.kind}@${space.id}`) : undefined;
      const wg = el("svg:g", {class: "worker" + (w.moved ? " moved" : "") + (move ? " can-move" : ""),
                               "data-worker": w.index, "data-kind": w.kind});
      const label = w.label;
      wg.appendChild(el("svg:title", {}, move ? `${label} — ${move.label} (${move.hover})` : label));
      const fill = w.color ? ruleColor(w.color, seatColor(w.owner)) : seatColor(w.owner);
      wg.appendChild(el("svg:circle", {cx, cy, r, fill, stroke: "#1b1b1b", "stroke-width": 1.5, "data-color": w.color || ""}));
      if (w.owner >= 0) wg.appendChild(el("svg:circle", {cx, cy, r: r + 3, fill: "none", stroke: seatColor(w.owner), "stroke-width": 2.5, class: "owner"}));
      const letter = el("svg:text", {x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 13, "font-weight": "bold",
                                      fill: inkOn(fill)}, w.kind_name.slice(0, 1));
      wg.appendChild(letter);
      if (move) {
        wg.setAttribute("tabindex", "0");
        wg.setAttribute("role", "button");
        wg.setAttribute("aria-label", `${move.label}. ${move.hover}`);
        wg.addEventListener("click", () => act(move.index));
        wg.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(move.index); } });
      }
      svg.appendChild(wg);
    });
    if (i < n - 1) {                                   // the step to the next space
      const [nx, ny] = place(i + 1);
      if (ny === y0) {
        const ay = y0 + boxH / 2;
        svg.appendChild(el("svg:path", {class: "arrow", d: `M${x + boxW + 4},${ay} l${gap - 10},0 m-6,-5 l6,5 l-6,5`}));
      } else {
        svg.appendChild(el("svg:path", {class: "arrow",
          d: `M${x + boxW / 2},${y0 + boxH + 2} L${nx + boxW / 2},${ny - 4} m-5,-6 l5,6 l5,-6`}));
      }
    }
  });
  fitTogether(names, boxW - 16);           // the spaces' names in one size, their yields in one size
  fitTogether(yields, boxW - 16);
  // the way back, from the last space to the first, under the boxes and up their left side
  const [lx, ly] = place(n - 1);
  const bottom = ly + boxH;
  const backY = bottom + 14;
  const firstMid = top + boxH / 2;
  svg.appendChild(el("svg:path", {class: "arrow", d: cols < n
    ? `M${lx + boxW / 2},${bottom} L${lx + boxW / 2},${backY} L${pad / 2},${backY} L${pad / 2},${firstMid} L${pad - 3},${firstMid} m-6,-5 l6,5 l-6,5`
    : `M${lx + boxW / 2},${bottom} l0,14 L${pad + boxW / 2},${backY} l0,-12 m-5,6 l5,-6 l5,6`}));
  let y = backY + 24;
  if (game.off_cycle_text) {                          // wrapped, word by word, to the board's width
    let line = el("svg:text", {class: "label free", x: pad, y, "font-size": 14});
    svg.appendChild(line);
    for (const word of game.off_cycle_text.split(" ")) {
      const before = line.textContent;
      line.textContent = before ? `${before} ${word}` : word;
      if (before && line.getComputedTextLength() > W - 2 * pad) {
        line.textContent = before;
        y += 19;
        line = el("svg:text", {class: "label free", x: pad, y, "font-size": 14}, word);
        svg.appendChild(line);
      }
    }
    fit(line, W - 2 * pad);
    y += 24;
  }
  // how close the end is
  const prog = view.progress;
  const g = el("svg:g", {class: "space progress"});
  const barW = W - 2 * pad;
  g.appendChild(el("svg:rect", {class: "box", x: pad, y, width: barW, height: 30, rx: 6}));
  const done = prog.structures_total ? prog.structures_built / prog.structures_total : 0;
  g.appendChild(el("svg:rect", {x: pad, y, width: Math.max(0, barW * done), height: 30, rx: 6, fill: "#56B4E9", opacity: 0.45}));
  const pt = el("svg:text", {class: "label", x: pad + 8, y: y + 20, "font-size": 14}, game.progress_text);
  g.appendChild(pt);
  svg.appendChild(g);
  fit(pt, barW - 16);
  y += 40;
  svg.setAttribute("viewBox", `0 0 ${W} ${y}`);
}


function drawRows(game) {
  const rows = $("rows");
  rows.replaceChildren();
  for (const [label, text] of game.rows) { rows.appendChild(el("dt", {}, label)); rows.appendChild(el("dd", {}, text)); }
}

BOARDS.cycle = {draw(area, game) { drawCycle(area, game); drawRows(game); }};
