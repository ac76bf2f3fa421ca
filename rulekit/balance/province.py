"""Province's row in the balance layer's table of families (:mod:`.families`): its games are summed up
with their structures, goals and VP sources (:mod:`.simulate`)."""
from ..language.province import FAMILY
from .families import BalanceFamily, register
from .simulate import _play_one_province, _province_statistics

ROW = register(BalanceFamily(FAMILY, play=_play_one_province, statistics=_province_statistics))
