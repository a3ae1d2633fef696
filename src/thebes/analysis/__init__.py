"""Analysis of positions and games, on public information only: each action valued by
playouts (:mod:`~thebes.analysis.move_review`), a whole saved game reviewed
(:mod:`~thebes.analysis.game_review`) and reported (:mod:`~thebes.analysis.report`), hints
for the player to move (:mod:`~thebes.analysis.hints`), each player's score over the
weeks (:mod:`~thebes.analysis.timeline`) and each player's luck at the draws
(:mod:`~thebes.analysis.luck`).
"""
