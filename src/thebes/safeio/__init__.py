"""What comes from outside, read and written safely: untrusted text made safe to show
(:mod:`~thebes.safeio.text`), files read within bounds (:mod:`~thebes.safeio.reading`), JSON
parsed within bounds (:mod:`~thebes.safeio.json_limits`) and game files saved atomically
(:mod:`~thebes.safeio.saving`). Nothing here knows the game.
"""
