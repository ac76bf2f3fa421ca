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
  const W = 800, gap = 28, pad = 10, r = 13;
  const n = spaces.length;
  const boxW = (W - 2 * pad - gap * (n - 1)) / n;
  const perRow = Math.max(1, Math.floor((boxW - 12) / (2 * r + 6)));
  const rows = Math.max(1, ...spaces.map((s) => Math.ceil(s.workers.length / perRow)));
  const boxH = 64 + rows * (2 * r + 8);
  const moves = new Map();
  for (const a of game.actions) {
    if (a.kind === "move") moves.set(`${a.worker}@${a.origin}`, a);
  }
  const title = el("svg:title", {}, game.strings.work_cycle);
  svg.appendChild(title);
  const top = 8;
  spaces.forEach((space, i) => {
    const x = pad + i * (boxW + gap);
    const g = el("svg:g", {class: "space", "data-space": space.id});
    const box = el("svg:rect", {class: "box", x, y: top, width: boxW, height: boxH, rx: 8});
    g.appendChild(box);
    const name = el("svg:text", {class: "label", x: x + 8, y: top + 22, "font-size": 17, "font-weight": "bold"}, space.name);
    g.appendChild(name);
    const yieldText = el("svg:text", {class: "label", x: x + 8, y: top + 44, "font-size": 14}, space.yield_text);
    g.appendChild(yieldText);
    svg.appendChild(g);
    fit(name, boxW - 16);
    fit(yieldText, boxW - 16);
    space.workers.forEach((w, k) => {
      const cx = x + 8 + r + (k % perRow) * (2 * r + 6);
      const cy = top + 64 + Math.floor(k / perRow) * (2 * r + 8);
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
    if (i < n - 1) {
      const ay = top + boxH / 2;
      svg.appendChild(el("svg:path", {class: "arrow", d: `M${x + boxW + 4},${ay} l${gap - 10},0 m-6,-5 l6,5 l-6,5`}));
    }
  });
  // the way back, from the last space to the first
  const backY = top + boxH + 14;
  svg.appendChild(el("svg:path", {class: "arrow",
    d: `M${pad + (n - 1) * (boxW + gap) + boxW / 2},${top + boxH} l0,14 L${pad + boxW / 2},${backY} l0,-12 m-5,6 l5,-6 l5,6`}));
  let y = backY + 24;
  if (game.off_cycle_text) {
    const off = el("svg:text", {class: "label free", x: pad, y, "font-size": 14}, game.off_cycle_text);
    svg.appendChild(off);
    fit(off, W - 2 * pad);
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
  connect();
});
