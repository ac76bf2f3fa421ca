// rulekit serve: draws the game the server sends (its view, its texts) and sends the player's requests.
// Every word shown comes from the server, in its language; this file holds none. The board of each family
// of games is drawn by its own script, static/board-NAME.js (NAME: the payload's `board`), which adds itself
// to BOARDS; everything else (the players, the choices, the end, the story, the tools) is drawn here.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
// Seats' colours: the Okabe-Ito palette, told apart with deuteranopia and protanopia (tests/test_web_colors.py).
const SEAT_COLORS = ["#D55E00", "#0072B2", "#CC79A7", "#009E73", "#E69F00", "#56B4E9"];
const SHARED_COLOR = "#FFFFFF";
// The colours the rules name (a worker's, a good's), as drawn.
const RULE_COLORS = {
  green: "#2E9E44", yellow: "#F0E442", orange: "#E69F00", red: "#D55E00", blue: "#0072B2", white: "#FFFFFF",
  black: "#222222", brown: "#8B5A2B", grey: "#9A9A9A", gray: "#9A9A9A", purple: "#8E5BA8", pink: "#CC79A7",
  cyan: "#56B4E9",
};
const BOARDS = {};
const NARROW = 700;      // px: the phone layout, as style.css's

const params = new URLSearchParams(location.search);
const tokens = (params.get("t") || "").split(",").filter(Boolean);
let game = null;
let socket = null;
let group = "";          // the group of choices open (a family with many choices groups them)
let wasMyTurn = false;
let retry = 0;
const baseTitle = document.title;

function $(id) { return document.getElementById(id); }

function el(tag, attrs, text) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function seatColor(seat) { return seat < 0 ? SHARED_COLOR : SEAT_COLORS[seat % SEAT_COLORS.length]; }
function ruleColor(name, fallback) { return RULE_COLORS[String(name || "").toLowerCase()] || fallback || SHARED_COLOR; }
// Dark or light ink on a colour.
function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const y = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return y > 150 ? "#1b1b1b" : "#ffffff";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws?t=${encodeURIComponent(tokens.join(","))}`);
  socket.onopen = () => {
    if (retry) showMessage(game ? game.strings.reconnected : "", false);
    retry = 0;
    document.body.dataset.connected = "1";
  };
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "game") { game = msg.game; draw(); }
    else if (msg.type === "refused") { showMessage(msg.message, true); }
    else if (msg.type === "hint") { const h = $("hinttext"); h.hidden = false; h.textContent = msg.message; }
  };
  socket.onclose = () => {
    document.body.dataset.connected = "";
    if (game) showMessage(game.strings.disconnected, true);
    retry += 1;                                           // try again, less and less often
    setTimeout(connect, Math.min(5000, 300 * retry));
  };
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

// Shrinks SVG texts that go together (the board's space names) to one size: the largest at which every one of
// them fits in `width`, so that no label looks smaller than its neighbours; one still too long is then squeezed.
function fitTogether(texts, width) {
  if (!texts.length) return;
  let size = Math.min(...texts.map((t) => parseFloat(t.getAttribute("font-size")) || 14));
  const tooLong = () => texts.some((t) => t.getComputedTextLength() > width);
  while (tooLong() && size > 9) {
    size -= 1;
    for (const t of texts) t.setAttribute("font-size", size);
  }
  for (const t of texts) fit(t, width);
}

// The family's board script, loaded once, then `then()`.
function withBoard(name, then) {
  if (BOARDS[name]) { then(); return; }
  if (!document.querySelector(`script[data-board="${name}"]`)) {
    const s = el("script", {src: `/static/board-${name}.js`, "data-board": name});
    s.addEventListener("load", () => { if (game && game.board === name) draw(); });
    document.head.appendChild(s);
  }
}

function drawBoard() {
  if (game && BOARDS[game.board]) BOARDS[game.board].draw($("boardarea"), game);
}

function drawPlayers() {
  const box = $("players");
  box.replaceChildren();
  for (const pl of game.players) {
    const you = game.you[pl.seat];
    const card = el("div", {class: "player" + (pl.seat === game.to_play ? " to-play" : "") + (you ? " you" : ""),
                            "data-seat": pl.seat});
    card.style.borderColor = seatColor(pl.seat);
    pl.lines.forEach((line, i) => {
      const p = el("p", {class: i === 0 ? "name" : ""}, line);
      if (i === 0 && you) p.appendChild(el("span", {class: "you-marker"}, you));
      card.appendChild(p);
    });
    box.appendChild(card);
  }
  const mine = game.mine.filter((s) => s >= 0);
  $("youare").textContent = mine.length === 1 && game.humans.filter(Boolean).length > 1
    ? game.strings.you_are.replace("{player}", game.names[mine[0]]) : "";
}

// The choices shown now: every action, or, for many actions in several groups, the groups, then one group's.
function shownChoices() {
  const groups = [];
  for (const a of game.actions) if (a.group && !groups.includes(a.group)) groups.push(a.group);
  if (game.actions.length <= 9 || groups.length < 2) return {groups: [], actions: game.actions};
  if (group && groups.includes(group)) return {groups: [], actions: game.actions.filter((a) => a.group === group), open: true};
  return {groups, actions: []};
}

function drawChoices() {
  const list = $("choices");
  list.replaceChildren();
  const shown = shownChoices();
  let n = 0;
  for (const g of shown.groups) {
    const members = game.actions.filter((a) => a.group === g);
    if (members.length === 1) {                         // a group of one: its action at once
      list.appendChild(choiceItem(members[0], ++n, ""));
      continue;
    }
    const item = el("li");
    const b = el("button", {type: "button", class: "group", "data-group": g});
    b.appendChild(el("span", {class: "num"}, String(++n)));
    b.appendChild(el("span", {class: "text"}, `${members[0].group_label} (${members.length})`));
    b.addEventListener("click", () => { group = g; drawChoices(); });
    item.appendChild(b);
    list.appendChild(item);
  }
  if (shown.open) {
    const item = el("li");
    const b = el("button", {type: "button", class: "back", "data-back": "1"});
    b.appendChild(el("span", {class: "num"}, "0"));
    b.appendChild(el("span", {class: "text"}, `← ${game.strings.back} · ${shown.actions[0].group_label}`));
    b.addEventListener("click", () => { group = ""; drawChoices(); });
    item.appendChild(b);
    list.appendChild(item);
  }
  for (const a of shown.actions) list.appendChild(choiceItem(a, ++n, shown.open ? a.target : ""));
}

function choiceItem(a, n, shortText) {
  const item = el("li");
  const b = el("button", {type: "button", title: a.hover, "data-action": a.index, "data-kind": a.kind,
                         "data-notation": a.notation});
  b.appendChild(el("span", {class: "num"}, String(n)));
  const text = el("span", {class: "text"}, (shortText || a.label) + " ");
  text.appendChild(el("span", {class: "notation"}, `[${a.notation}]`));
  b.appendChild(text);
  if (a.details) b.appendChild(el("span", {class: "details"}, a.details));
  b.setAttribute("aria-label", `${a.label}. ${a.hover}`);
  b.addEventListener("click", () => act(a.index));
  item.appendChild(b);
  return item;
}

function visibleChoiceButtons() { return [...document.querySelectorAll("#choices button")]; }

function drawEnd() {
  const panel = $("endpanel");
  const end = game.end;
  panel.hidden = !end;
  const box = $("end");
  box.replaceChildren();
  if (!end) return;
  $("endtitle").textContent = end.title;
  box.appendChild(el("p", {class: "winner"}, end.winner));
  if (end.tie_break) box.appendChild(el("p", {class: "tiebreak"}, end.tie_break));
  if (end.reason) box.appendChild(el("p", {class: "reason"}, end.reason));
  const order = game.players.map((p) => p.seat).sort((a, b) => end.ranks[a] - end.ranks[b] || a - b);
  const table = el("table", {class: "scores"});
  const head = el("tr");
  head.appendChild(el("th", {scope: "col"}, game.strings.player));
  for (const row of end.rows) head.appendChild(el("th", {scope: "col"}, row.label));
  head.appendChild(el("th", {scope: "col"}, end.total_label));
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  for (const seat of order) {
    const tr = el("tr", {"data-seat": seat, class: end.winners.includes(seat) ? "won" : ""});
    const who = el("th", {scope: "row"});
    who.appendChild(el("span", {class: "rank"}, `${end.ranks[seat]}.`));
    who.appendChild(el("span", {class: "swatch", style: `background:${seatColor(seat)}`}));
    who.appendChild(document.createTextNode(game.names[seat]));
    if (game.you[seat]) who.appendChild(el("span", {class: "you-marker"}, game.you[seat]));
    tr.appendChild(who);
    for (const row of end.rows) tr.appendChild(el("td", {"data-label": row.label}, String(row.values[seat]).replace("-", "−")));
    tr.appendChild(el("td", {class: "total", "data-label": end.total_label}, String(end.scores[seat]).replace("-", "−")));
    body.appendChild(tr);
  }
  table.appendChild(body);
  box.appendChild(table);
  if (game.controls.again) {
    const again = el("button", {type: "button", id: "again"}, game.strings.again);
    again.addEventListener("click", () => send({type: "again", token: tokens[0] || ""}));
    box.appendChild(again);
  }
}

function drawCatalogue() {
  const cat = game.catalogue;
  $("cataloguepanel").hidden = !cat;
  const box = $("catalogue");
  box.replaceChildren();
  if (!cat) return;
  $("cataloguetitle").textContent = cat.title;
  for (const e of cat.entries) {
    const d = el("details", {class: "entry"});
    const summary = el("summary", {}, e.name);
    if (e.brief) summary.appendChild(el("span", {class: "brief"}, e.brief));
    for (const seat of e.builders) summary.appendChild(el("span", {class: "swatch", style: `background:${seatColor(seat)}`,
                                                                   title: game.names[seat]}));
    if (e.status) summary.appendChild(el("span", {class: "status"}, e.status));
    d.appendChild(summary);
    const dl = el("dl");
    for (const [label, text] of e.facts) { dl.appendChild(el("dt", {}, label)); dl.appendChild(el("dd", {}, text)); }
    d.appendChild(dl);
    box.appendChild(d);
  }
}

function drawLinks(s) {
  const links = $("links");
  links.replaceChildren();
  const base = game.invite_base || `${location.origin}/`;
  for (const [seat, token] of Object.entries(game.links || {})) {
    links.appendChild(el("p", {}, s.join_help.replace("{seat}", Number(seat) + 1)));
    links.appendChild(el("input", {readonly: "", value: `${base}?t=${token}`, "data-seat": seat, "aria-label": s.join}));
  }
  if (Object.keys(game.links || {}).length && game.invite_note) links.appendChild(el("p", {class: "small"}, game.invite_note));
}

// The story, the lines told since the last drawing marked new (they fade in): what just changed.
let lastLine = null;
function drawStory() {
  const story = $("story");
  story.replaceChildren();
  const lines = game.story;
  let since = lines.length;
  if (lastLine !== null) {
    for (let i = lines.length - 1; i >= 0; i--) {
      if (lines[i].text === lastLine.text && lines[i].kind === lastLine.kind) { since = i + 1; break; }
      if (i === 0) since = 0;
    }
  }
  lines.forEach((e, i) => story.appendChild(el("li", {class: e.kind + (i >= since ? " new" : "")}, e.text)));
  lastLine = lines.length ? lines[lines.length - 1] : null;
  story.scrollTop = story.scrollHeight;
}

// It becomes your turn: the choices flash, and the tab's title says so while it is (seen from another tab).
function turnAlert() {
  const mine = game.actions.length > 0;
  document.body.dataset.turn = mine ? "1" : "";
  if (mine && !wasMyTurn) {
    const panel = $("choicespanel");
    panel.classList.remove("flash");
    void panel.offsetWidth;                               // restart the animation
    panel.classList.add("flash");
  }
  document.title = mine ? game.strings.your_turn_title.replace("{title}", baseTitle) : baseTitle;
  wasMyTurn = mine;
}

function draw() {
  if (!BOARDS[game.board]) { withBoard(game.board, () => {}); return; }
  $("loading").hidden = true;
  const s = game.strings;
  document.documentElement.lang = game.lang;
  $("boardtitle").textContent = s.board;
  $("choicestitle").textContent = s.choices;
  $("storytitle").textContent = s.story;
  $("undo").textContent = s.undo;
  $("save").textContent = s.save;
  $("rules").textContent = s.rules;
  $("hintbutton").textContent = s.hint;
  $("keys").textContent = s.keys;
  $("speedlabel").textContent = s.speed;
  let heading = game.heading;
  if (!game.over && game.actions.length === 0) heading = `${heading} — ${game.watching || !game.controls.play ? s.watch : game.waiting}`;
  else if (game.actions.length) heading = `${heading} — ${s.your_turn}`;
  $("heading").textContent = heading;
  $("hint").textContent = game.hint || (!game.over && game.controls.play && !game.actions.length ? game.waiting : "");
  const guide = $("guide");
  guide.hidden = !game.guide;
  if (game.guide) {
    $("guidetitle").textContent = s.guide_title;
    $("guidetext").textContent = game.guide.text;
    $("guideok").textContent = s.guide_ok;
    guide.dataset.step = game.guide.step;
  }
  const c = game.controls;
  $("undo").hidden = !game.can_undo;
  $("undo").disabled = !game.can_undo;
  $("save").hidden = !c.save;
  $("hintbutton").hidden = !c.hint;
  if (!c.hint) $("hinttext").hidden = true;
  $("keys").hidden = !c.play;
  $("choicespanel").hidden = game.over || (!c.play && !Object.keys(game.links || {}).length);
  document.body.dataset.watcher = c.play ? "" : "1";
  if (!game.actions.some((a) => a.group === group)) group = "";
  drawBoard();
  drawPlayers();
  drawChoices();
  drawEnd();
  drawCatalogue();
  drawStory();
  drawLinks(s);
  $("speedbox").hidden = !c.speed;
  const speed = $("speed");
  if (!speed.options.length) {
    for (const k of ["pause", "slow", "normal", "fast", "instant"]) speed.appendChild(el("option", {value: k}, s[k]));
  }
  speed.value = game.paused ? "pause" : game.speed;
  if (game.message) showMessage(game.message, false);
  turnAlert();
  document.body.dataset.over = game.over ? "1" : "";
  document.body.dataset.mine = game.actions.length ? "1" : "";
  document.body.dataset.board = game.board;
  document.body.dataset.version = game.version;
}

document.addEventListener("DOMContentLoaded", () => {
  $("undo").addEventListener("click", () => send({type: "undo", token: tokenToPlay()}));
  $("hintbutton").addEventListener("click", () => send({type: "hint", token: tokenToPlay()}));
  $("guideok").addEventListener("click", () => send({type: "guide", token: tokenToPlay(), step: game.guide.step}));
  $("save").addEventListener("click", () => send({type: "save", token: tokens[0] || ""}));
  $("speed").addEventListener("change", (e) => send({type: "speed", token: tokens[0] || "", speed: e.target.value}));
  document.addEventListener("keydown", (e) => {
    if (!game || e.ctrlKey || e.altKey || e.metaKey) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
    if (/^[0-9]$/.test(e.key)) {
      const b = visibleChoiceButtons().find((x) => x.querySelector(".num").textContent === e.key);
      if (b) { e.preventDefault(); b.click(); }
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
