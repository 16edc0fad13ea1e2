"""Games tracked turn by turn: the tables (``tables``) and the actions at the table, one module
per part of the book: the ``board`` and its lookups, a game's ``start``, ``turns``,
``initiative``, the models' ``states``, ``combat`` and the bystanders' ``reactions``,
``objectives``, the ``end``; ``status`` is what ``game status`` shows.

The post-game sequence that changes the rosters afterwards is ``campaign.postgame``.
"""
