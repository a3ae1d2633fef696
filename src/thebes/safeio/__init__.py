"""What comes from outside, read and written safely: untrusted text made safe to show
(:mod:`~thebes.safeio.text`), files read within bounds (:mod:`~thebes.safeio.reading`), JSON
parsed within bounds (:mod:`~thebes.safeio.json_limits`), game files saved atomically
(:mod:`~thebes.safeio.saving`) and work spread over worker processes that no signal or lost
worker can hang (:mod:`~thebes.safeio.workers`). Nothing here knows the game.
"""
