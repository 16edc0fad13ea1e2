"""Games tracked turn by turn: the tables (``tables``) and the actions at the table (``play``).

The post-game sequence that changes the rosters afterwards is ``campaign.postgame``.
"""
