"""The Provisions family's row in the balance layer's table of families (:mod:`.families`): its games
are summed up with their prospectors and points by source (:mod:`.simulate`)."""
from ..language.provisions import FAMILY
from .families import BalanceFamily, register
from .simulate import _play_one_provisions, _provisions_statistics

ROW = register(BalanceFamily(FAMILY, play=_play_one_provisions, statistics=_provisions_statistics))
