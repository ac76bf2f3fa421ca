"""``rulekit serve``: the board in a browser, for one game held by a local server.

- :mod:`.game` — the game a server holds (a :class:`rulekit.play.Session`), its seats' secret tokens,
  and what each page is sent: the view of :mod:`rulekit.play.view` with its words, translated here;
- :mod:`.app` — the web application (Starlette): the page, its static files, the rules, a websocket
  per page;
- ``templates/`` and ``static/`` — the page, its style and its script; no file from the network.

This package may import everything :mod:`rulekit.play` may, and the play package itself; only
:mod:`rulekit.cli` imports it (docs/architecture.md). It needs the optional extra ``rulekit[web]``.
"""
