// rulekit serve: the board of the Provisions family: the months and this month's event, the suppliers (holding,
// goods for sale, this month's production card, the vigilantes' goods), the customer row, the stores, and the
// bonus cards this page's seat may see. A card or a good that can be played now is a button: a click plays it.
// Goods are bought in the suppliers' table: a click on a good for sale picks it, a click on a second one (the
// same again for two of it) buys the two; the grouped choices under the board play the same actions.
"use strict";

// The good picked as the first of a buy, and the version of the game it was picked in (a new version drops it).
let provPick = null;

function provBuys(game) { return game.actions.filter((a) => a.kind === "buy"); }

// The buy of the two goods `a` and `b` (in either order), if it is legal now.
function provBuyOf(game, a, b) {
  const want = [a, b].sort().join("+");
  return provBuys(game).find((x) => [...x.goods].sort().join("+") === want);
}

// The cell of a good for sale: a button when a click on it picks or buys now.
function provForSale(area, game, g) {
  const s = game.board_data.strings;
  const cell = el("td", {class: "area"});
  const buys = provBuys(game);
  let button = null;
  if (buys.length && provPick === null && buys.some((x) => x.goods.includes(g.colour))) {
    button = el("button", {type: "button", class: "buy can-buy", "data-buy": g.colour,
                           title: s.buy_pick.replace("{good}", g.name), "aria-label": s.buy_pick.replace("{good}", g.name)});
    button.addEventListener("click", () => { provPick = {colour: g.colour, version: game.version}; drawProvisions(area, game); });
  } else if (provPick !== null) {
    const buy = provBuyOf(game, provPick.colour, g.colour);
    if (buy) {
      button = el("button", {type: "button", class: "buy can-buy" + (g.colour === provPick.colour ? " picked" : ""),
                             "data-buy": g.colour, "data-action": buy.index, title: buy.label, "aria-label": buy.label});
      button.addEventListener("click", () => { provPick = null; act(buy.index); });
    } else if (g.colour === provPick.colour) {     // picked, not to be bought twice: a click puts it back
      button = el("button", {type: "button", class: "buy picked", "data-buy": g.colour, title: s.buy_cancel,
                             "aria-label": s.buy_cancel});
      button.addEventListener("click", () => { provPick = null; drawProvisions(area, game); });
    }
  }
  const holder = button || cell;
  holder.appendChild(el("span", {class: "count"}, String(g.area)));
  provCubes(holder, g.colour, Math.min(g.area, 8), g.name);
  if (button) cell.appendChild(button);
  return cell;
}

// What a click in the suppliers' table does now (buying), with a button that puts a picked good back.
function provBuyLine(area, game) {
  const s = game.board_data.strings;
  if (!provBuys(game).length) return null;
  const line = el("p", {class: "buyline"});
  if (provPick === null) {
    line.textContent = s.buy_first;
    return line;
  }
  const name = game.board_data.goods.find((g) => g.colour === provPick.colour).name;
  line.textContent = s.buy_second.replace("{good}", name) + " ";
  const cancel = el("button", {type: "button", class: "buy-cancel"}, s.buy_cancel);
  cancel.addEventListener("click", () => { provPick = null; drawProvisions(area, game); });
  line.appendChild(cancel);
  return line;
}

function provCube(colour, title) {
  const fill = ruleColor(colour, "#cccccc");
  return el("span", {class: "cube", style: `background:${fill}`, title: title || colour, "data-good": colour});
}

function provCubes(parent, colour, n, title) {
  for (let i = 0; i < n; i++) parent.appendChild(provCube(colour, title));
}

function provActionFor(game, test) { return game.actions.find(test); }

function provCard(game, b, card, action, kind) {
  const names = Object.fromEntries(b.goods.map((g) => [g.colour, g.name]));
  const node = el(action ? "button" : "div", {class: `card ${kind}` + (action ? " can-play" : ""), "data-card": card.id});
  if (action) {
    node.type = "button";
    node.title = action.label;
    node.setAttribute("aria-label", action.label);
    node.addEventListener("click", () => act(action.index));
  }
  node.appendChild(el("span", {class: "card-id"}, card.id));
  if (kind === "prospector") {
    const asks = el("span", {class: "asks", title: b.strings.asks});
    for (const [colour, n] of card.asks) provCubes(asks, colour, n, names[colour]);
    node.appendChild(asks);
    node.appendChild(el("span", {class: "points"}, card.points_text));
    const contract = el("span", {class: "contract"}, `${b.strings.contract}: `);
    contract.appendChild(provCube(card.contract, names[card.contract]));
    node.appendChild(contract);
  } else {
    node.appendChild(el("span", {class: "text"}, card.text.replace(/^[^:]*:\s*/, "")));
  }
  return node;
}

function drawProvisions(area, game) {
  const b = game.board_data;
  const s = b.strings;
  const names = Object.fromEntries(b.goods.map((g) => [g.colour, g.name]));
  if (provPick !== null && (provPick.version !== game.version || !provBuys(game).length)) provPick = null;
  area.replaceChildren();
  const root = el("div", {class: "provisions"});
  area.appendChild(root);
  // the months
  const months = el("ol", {class: "months", "aria-label": s.months});
  for (const m of b.months) {
    const li = el("li", {class: `month ${m.state}`, title: m.event || ""}, m.name);
    if (m.event) li.appendChild(el("span", {class: "event-mark"}, " ⚑"));
    months.appendChild(li);
  }
  root.appendChild(months);
  const now = el("p", {class: "now"});
  if (b.phase === "play") now.appendChild(document.createTextNode(`${s.round}. `));
  if (s.event) now.appendChild(el("strong", {}, s.event + " "));
  const nugget = el("span", {class: "nugget", title: s.nugget}, `◆ ${game.names[b.nugget]}`);
  now.appendChild(nugget);
  root.appendChild(now);
  // the suppliers
  const table = el("table", {class: "suppliers"});
  table.appendChild(el("caption", {}, s.suppliers));
  const head = el("tr");
  for (const h of [s.good, s.holding, s.area, s.card, s.vigilantes]) head.appendChild(el("th", {scope: "col"}, h));
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  for (const g of b.goods) {
    const tr = el("tr", {"data-good": g.colour});
    const name = el("th", {scope: "row"});
    name.appendChild(provCube(g.colour, g.name));
    name.appendChild(document.createTextNode(" " + g.name));
    tr.appendChild(name);
    tr.appendChild(el("td", {class: "holding"}, String(g.holding)));
    tr.appendChild(provForSale(area, game, g));
    tr.appendChild(el("td", {class: "prod"}, g.card > 0 ? s.produce.replace("{count}", g.card)
      : g.card < 0 ? s.steal.replace("{count}", -g.card) : "—"));
    const vig = el("td", {class: "vig"});
    const take = provActionFor(game, (a) => a.kind === "take" && a.get === g.colour);
    if (take) {
      const t = el("button", {type: "button", class: "take can-play", title: take.label, "aria-label": take.label,
                              "data-action": take.index}, String(g.vigilantes));
      t.addEventListener("click", () => act(take.index));
      vig.appendChild(t);
    } else {
      vig.appendChild(el("span", {class: "count"}, String(g.vigilantes)));
    }
    tr.appendChild(vig);
    body.appendChild(tr);
  }
  table.appendChild(body);
  const buyLine = provBuyLine(area, game);
  if (buyLine) root.appendChild(buyLine);
  const wrap = el("div", {class: "scroll"});
  wrap.appendChild(table);
  root.appendChild(wrap);
  // the customer row
  root.appendChild(el("h3", {}, `${s.row} · ${s.pile}`));
  const row = el("div", {class: "row"});
  for (const card of b.row) {
    const sell = provActionFor(game, (a) => a.kind === "sell" && a.card === card.id);
    row.appendChild(provCard(game, b, card, sell, "prospector"));
  }
  root.appendChild(row);
  // this page's seat's bonus cards
  const me = b.seat >= 0 ? b.stores[b.seat] : null;
  if (me && me.hand.length) {
    root.appendChild(el("h3", {class: "secret"}, s.hand));
    const hand = el("div", {class: "row hand"});
    for (const card of me.hand) {
      const keep = provActionFor(game, (a) => a.kind === "keep" && a.card === card.id);
      hand.appendChild(provCard(game, b, card, keep, "bonus"));
    }
    root.appendChild(hand);
  } else if (me && me.bonus) {
    root.appendChild(el("h3", {class: "secret"}, s.bonus));
    const hand = el("div", {class: "row hand"});
    hand.appendChild(provCard(game, b, me.bonus, null, "bonus"));
    root.appendChild(hand);
  }
  // the stores
  root.appendChild(el("h3", {}, s.stores));
  const stores = el("div", {class: "stores"});
  for (const st of b.stores) {
    const box = el("div", {class: "store" + (st.to_play ? " to-play" : ""), "data-seat": st.seat});
    box.style.borderColor = seatColor(st.seat);
    box.appendChild(el("p", {class: "name"}, `${st.name} — ${st.points_text}`));
    const stock = el("p", {class: "stock"}, `${s.stock}: `);
    for (const [colour, n] of st.stock) provCubes(stock, colour, n, names[colour]);
    box.appendChild(stock);
    const contracts = el("p", {class: "contracts"}, `${s.contracts}: `);
    for (const [colour, n] of st.contracts) provCubes(contracts, colour, n, names[colour]);
    box.appendChild(contracts);
    stores.appendChild(box);
  }
  root.appendChild(stores);
}

BOARDS.provisions = {draw: drawProvisions};
