"""The terminal's wrapping keeps a no-break space unbreakable (French review 4, item 26): « 1 PV »,
« 3 Pièces » and a French colon's narrow space never end one line and start the next, and the lines
the terminal gets are no wider than its width, the U+00A0 written as a plain space."""
from rulekit.play import layout, screen
from rulekit.play.session import Console

NBSP, NNBSP = "\u00a0", "\u202f"

# The width puts the break between « 1 » and « PV » if that space were an ordinary one.
SENTENCE = "Bâtiment construit\u202f: le Port (rapporte 1\u00a0PV) pour 3\u00a0Pièces"


def _pairs_kept(lines):
    joined = "\n".join(lines)
    return "1 PV" in joined and "3 Pièces" in joined and f"construit{NNBSP}:" in joined


def test_wrap_never_breaks_at_a_no_break_space():
    for width in range(16, len(SENTENCE) + 2):
        lines = screen.wrap_shown(SENTENCE, "    ", "  ", width=width)
        assert _pairs_kept(lines), (width, lines)
        assert all(len(line) <= width for line in lines), (width, lines)
        assert not any(NBSP in line for line in lines)          # shown as a plain space, same width


def test_story_section_keeps_the_pairs_together():
    con = Console(interactive=True, color=False, write=[].append, terminal=True, size=(80, 24))
    for width in range(20, 60):
        lines = layout.story_section([SENTENCE], 10, width, con, 1)
        assert _pairs_kept(lines), (width, lines)
        assert all(len(line) <= width for line in lines)


def test_messages_and_pagers_keep_the_pairs_together():
    for width in range(20, 60):
        told, paged = [], []
        con = Console(interactive=True, color=False, write=told.append, terminal=True, size=(width + 1, 24),
                      pager=paged.extend)
        con.tell(SENTENCE)
        con.page([SENTENCE])
        for lines in (told, paged):
            assert _pairs_kept(lines), (width, lines)
            assert all(len(line) <= width for line in lines), (width, lines)
            assert not any(NBSP in line for line in lines)
