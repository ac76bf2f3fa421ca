"""The Provisions family's row in the text layer's table of families (:mod:`.families`): its rulebook
is :mod:`.provisions_rulebook` and its diff :mod:`.provisions_diff`, both written from
:mod:`.provisions_words`."""
from ..language.provisions import FAMILY
from .families import TextFamily, register
from .provisions_diff import rule_diff
from .provisions_rulebook import render, render_html

ROW = register(TextFamily(FAMILY, render=render, render_html=render_html, rule_diff=rule_diff))
