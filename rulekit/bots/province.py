"""Province's row in the bots layer's table of families: every bot of the registry plays it, and its
levels are the registry's own (``easy`` is ``careless``…, :mod:`.registry`)."""
from ..language.province import FAMILY
from .registry import FACTORIES, register_family

register_family(FAMILY, {name: f for name, f in FACTORIES.items() if f.alias_of is None},
                {name: f.alias_of for name, f in FACTORIES.items() if f.alias_of is not None})
