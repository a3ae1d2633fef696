"""Game records: the game file (:mod:`~thebes.records.gamefile`), the action notation
(:mod:`~thebes.records.notation`), events told in words (:mod:`~thebes.records.narration`),
the game in progress with its history, undo and autosave (:mod:`~thebes.records.session`)
and the library of saved games (:mod:`~thebes.records.library`).
"""
