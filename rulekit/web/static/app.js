// rulekit serve: draws the game the server sends (its view, its texts) and sends the player's requests.
// Every word shown comes from the server, in its language; this file holds none.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
// Seats' colours: the Okabe-Ito palette, told apart with deuteranopia and protanopia (tests/test_web_colors.py).
const SEAT_COLORS = ["#D55E00", "#0072B2", "#CC79A7", "#009E73", "#E69F00", "#56B4E9"];
const SHARED_COLOR = "#FFFFFF";

const params = new URLSearchParams(location.search);
const tokens = (params.get("t") || "").split(",").filter(Boolean);
let game = null;
let socket = null;

function $(id) { return document.getElementById(id); }

function el(tag, attrs, text) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function seatColor(seat) { return seat < 0 ? SHARED_COLOR : SEAT_COLORS[seat % SEAT_COLORS.length]; }

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws?t=${encodeURIComponent(tokens.join(","))}`);
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "game") { game = msg.game; draw(); }
    else if (msg.type === "refused") { showMessage(msg.message, true); }
  };
  socket.onclose = () => { if (game) showMessage(game.strings.disconnected, true); };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function tokenToPlay() {
  return game.seat_tokens[String(game.to_play)] || tokens[0] || "";
}

function act(index) { send({type: "act", token: tokenToPlay(), action: index}); }

function showMessage(text, refused) {
  const box = $("message");
  box.textContent = text || "";
  box.dataset.refused = refused ? "1" : "";
}

// Shrinks an SVG text until it fits in `width` (a smaller font, then squeezed).
function fit(text, width) {
  let size = parseFloat(text.getAttribute("font-size")) || 14;
  while (text.getComputedTextLength() > width && size > 9) {
    size -= 1;
    text.setAttribute("font-size", size);
  }
  if (text.getComputedTextLength() > width) {
    text.setAttribute("textLength", Math.max(1, width));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

function drawBoard() {
  const svg = $("board");
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
    fit(name, boxW - 16);
    fit(yieldText, boxW - 16);
    space.workers.forEach((w, k) => {
      const cx = x + 8 + r + (k % perRow) * (2 * r + 6);
      const cy = y0 + 64 + Math.floor(k / perRow) * (2 * r + 8);
      const move = w.can_move ? moves.get(`${w.kind}@${space.id}`) : undefined;
      const wg = el("svg:g", {class: "worker" + (w.moved ? " moved" : "") + (move ? " can-move" : ""),
                               "data-worker": w.index, "data-kind": w.kind});
      const label = w.label;
      wg.appendChild(el("svg:title", {}, move ? `${label} — ${move.label} (${move.hover})` : label));
      wg.appendChild(el("svg:circle", {cx, cy, r, fill: seatColor(w.owner), stroke: "#1b1b1b", "stroke-width": 1.5}));
      const letter = el("svg:text", {x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 13, "font-weight": "bold",
                                      fill: w.owner < 0 ? "#1b1b1b" : "#ffffff"}, w.kind_name.slice(0, 1));
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

function drawPlayers() {
  const box = $("players");
  box.replaceChildren();
  game.players_text.forEach((lines, seat) => {
    const card = el("div", {class: "player" + (seat === game.to_play ? " to-play" : ""), "data-seat": seat});
    card.style.borderColor = seatColor(seat);
    lines.forEach((line, i) => card.appendChild(el("p", {class: i === 0 ? "name" : ""}, line)));
    box.appendChild(card);
  });
}

function drawChoices() {
  const list = $("choices");
  list.replaceChildren();
  game.actions.forEach((a, i) => {
    const item = el("li");
    const b = el("button", {type: "button", title: a.hover, "data-action": a.index, "data-kind": a.kind,
                           "data-notation": a.notation});
    b.appendChild(el("span", {class: "num"}, String(i + 1)));
    const text = el("span", {class: "text"}, a.label + " ");
    text.appendChild(el("span", {class: "notation"}, `[${a.notation}]`));
    b.appendChild(text);
    if (a.details) b.appendChild(el("span", {class: "details"}, a.details));
    b.setAttribute("aria-label", `${a.label}. ${a.hover}`);
    b.addEventListener("click", () => act(a.index));
    item.appendChild(b);
    list.appendChild(item);
  });
}

function draw() {
  $("loading").hidden = true;
  document.body.dataset.version = game.version;
  document.body.dataset.over = game.over ? "1" : "";
  document.body.dataset.mine = game.actions.length ? "1" : "";
  const s = game.strings;
  document.documentElement.lang = game.lang;
  $("boardtitle").textContent = s.board;
  $("choicestitle").textContent = s.choices;
  $("storytitle").textContent = s.story;
  $("undo").textContent = s.undo;
  $("save").textContent = s.save;
  $("rules").textContent = s.rules;
  $("keys").textContent = s.keys;
  $("speedlabel").textContent = s.speed;
  let heading = game.heading;
  if (!game.over && game.actions.length === 0) {
    heading = `${heading} — ${game.watching ? s.watch : game.waiting}`;
  }
  $("heading").textContent = heading;
  $("hint").textContent = game.hint;
  const guide = $("guide");
  guide.hidden = !game.guide;
  if (game.guide) {
    $("guidetitle").textContent = s.guide_title;
    $("guidetext").textContent = game.guide.text;
    $("guideok").textContent = s.guide_ok;
    guide.dataset.step = game.guide.step;
  }
  $("undo").disabled = !game.can_undo;
  $("save").hidden = game.mine.length === 0 && !game.links;
  drawBoard();
  const rows = $("rows");
  rows.replaceChildren();
  for (const [label, text] of game.rows) { rows.appendChild(el("dt", {}, label)); rows.appendChild(el("dd", {}, text)); }
  drawPlayers();
  drawChoices();
  const end = $("end");
  end.replaceChildren();
  for (const line of game.end) end.appendChild(el("p", {}, line));
  const story = $("story");
  story.replaceChildren();
  for (const e of game.story) story.appendChild(el("li", {class: e.kind}, e.text));
  story.scrollTop = story.scrollHeight;
  const links = $("links");
  links.replaceChildren();
  for (const [seat, token] of Object.entries(game.links || {})) {
    links.appendChild(el("p", {}, s.join_help.replace("{seat}", Number(seat) + 1)));
    links.appendChild(el("input", {readonly: "", value: `${location.origin}/?t=${token}`, "data-seat": seat,
                                    "aria-label": s.join}));
  }
  const hasBots = game.humans.some((h) => !h);
  $("speedbox").hidden = !hasBots;
  const speed = $("speed");
  if (!speed.options.length) {
    for (const k of ["pause", "slow", "normal", "fast", "instant"]) speed.appendChild(el("option", {value: k}, s[k]));
  }
  speed.value = game.paused ? "pause" : game.speed;
  if (game.message) showMessage(game.message, false);
}

document.addEventListener("DOMContentLoaded", () => {
  $("undo").addEventListener("click", () => send({type: "undo", token: tokenToPlay()}));
  $("guideok").addEventListener("click", () => send({type: "guide", token: tokenToPlay(), step: game.guide.step}));
  $("save").addEventListener("click", () => send({type: "save", token: tokens[0] || ""}));
  $("speed").addEventListener("change", (e) => send({type: "speed", token: tokens[0] || "", speed: e.target.value}));
  document.addEventListener("keydown", (e) => {
    if (!game || e.ctrlKey || e.altKey || e.metaKey) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
    if (/^[1-9]$/.test(e.key)) {
      const a = game.actions[Number(e.key) - 1];
      if (a) { e.preventDefault(); act(a.index); }
    } else if (e.key === "u" && game.can_undo) {
      send({type: "undo", token: tokenToPlay()});
    } else if (e.key === "r") {
      window.open("/rules", "_blank", "noopener");
    }
  });
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => { if (game) drawBoard(); }, 100);
  });
  connect();
});
