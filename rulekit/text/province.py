"""Province's row in the text layer's table of families (:mod:`.families`): its rulebook is
:mod:`.rulebook` and its diff :mod:`.diff`, both written from :mod:`.sentences`."""
from ..language.province import FAMILY
from .diff import rule_diff
from .families import TextFamily, register
from .rulebook import render, render_html

ROW = register(TextFamily(FAMILY, render=render, render_html=render_html, rule_diff=rule_diff))
