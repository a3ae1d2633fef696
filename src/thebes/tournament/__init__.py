"""Games between computer players: one game played out (:mod:`~thebes.tournament.bot_games`)
and series of them with standings, in parallel (:mod:`~thebes.tournament.series`).
"""
