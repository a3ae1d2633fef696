"""Who may act at a hosted table, and from where: only the seat to move, from its own
terminal; a spectator never; an action drawn on a position the game has left is refused;
an undo takes back another person's action only with their yes."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from hosted import Attached, hosted_session, shared_table, wait_until
from thebes.records.session import Session
from thebes.rules import Retire, time_of
from thebes.table.authority import Table
from thebes.table.news import Said
from thebes.table.refusals import Refusal


def last_year(session: Session, weeks: list[int]) -> None:
    """Every player in 1903, at these weeks (retiring is allowed then)."""
    players = tuple(
        replace(p, time=time_of(1903, w)) for p, w in zip(session.state.players, weeks, strict=True)
    )
    session._state = replace(session.state, players=players)


def two_people(tmp_path: Path) -> tuple[Session, Table]:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    last_year(session, [1, 5])  # Ann is furthest back: she moves
    return session, shared_table(session)


def test_a_view_out_of_turn_cannot_act_and_is_told_whose_turn_it_is(tmp_path: Path) -> None:
    session, table = two_people(tmp_path)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        bob.wait_ready()
        bob.wait_prompt("Ann to play. You may type help, log, board, bags, players, rules, say")
        bob.type("1\n")
        bob.wait_said("It is Ann's turn, not yours.")
        bob.wait_ready()
        bob.type("retire\n")
        wait_until(lambda: bob.said().count("It is Ann's turn, not yours.") == 2)
        bob.wait_ready()
        bob.type("hint\n")
        bob.wait_said("A hint is for the player to move")
        assert session.steps == []
        ann.wait_ready()
        ann.type("retire\n")
        wait_until(lambda: len(session.steps) == 1)
        ann.keys.close()
        bob.keys.close()
        ann.finish()
        bob.finish()
    assert [s.record.player for s in session.steps] == ["Ann"]


def test_a_spectator_sees_the_table_and_acts_on_nothing(tmp_path: Path) -> None:
    session, table = two_people(tmp_path)
    with ExitStack() as stack:
        ann = Attached(table, 0, stack)
        watcher = Attached(table, None, stack)
        watcher.wait_ready()
        watcher.wait_prompt("Ann to play")
        watcher.type("retire\n")
        watcher.wait_said("You are watching: spectators play nothing. It is Ann's turn.")
        watcher.wait_ready()
        watcher.type("undo\n")
        watcher.wait_said("Spectators take nothing back.")
        watcher.wait_ready()
        watcher.type("board\n")
        watcher.wait_said("roads to")
        assert session.steps == []
        for view in (ann, watcher):
            view.keys.close()
            view.finish()


def test_say_reaches_the_other_view_as_typed(tmp_path: Path) -> None:
    _, table = two_people(tmp_path)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        bob.wait_ready()
        ann.wait_ready()
        bob.type("say [bold red]hi[/] :smile: <b>\n")
        ann.wait_said("Bob says: [bold red]hi[/] :smile: <b>")
        said = table.journal.newest()
        assert isinstance(said, Said) and said.text == "[bold red]hi[/] :smile: <b>"  # as typed
        # Control codes cannot be typed at a prompt (they are keys there), but a say
        # from anywhere shows them written out, never as what they would do.
        host = table.join(None, lambda: None, host=True)
        assert table.say(host, "\x1b[31mred\x07 " + "x" * 500) is None
        ann.wait_said("The host says: \\x1b[31mred\\x07")
        assert "\x1b[31m" not in ann.said() and "\x07" not in ann.said()
        said = table.journal.newest()
        assert isinstance(said, Said) and len(said.text) == 200  # a paste of a page is cut
        for view in (ann, bob):
            view.keys.close()
            view.finish()


def test_say_without_text_is_refused_in_a_sentence(tmp_path: Path) -> None:
    # Every refusal at the table is a sentence: this one began with the command in lower
    # case ("say TEXT: the text goes...").
    _, table = two_people(tmp_path)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        bob.wait_ready()
        bob.type("say  \n")
        bob.wait_said("Not said: type say TEXT; the text goes to everyone at the table.")
        assert not any(isinstance(news, Said) for news in table.journal.since(0, host=True))
        for view in (ann, bob):
            view.keys.close()
            view.finish()


def test_an_action_drawn_before_the_game_moved_on_is_refused(tmp_path: Path) -> None:
    session, table = two_people(tmp_path)
    ann = table.join(0, lambda: None)
    early = table.snapshot(ann)
    late = table.snapshot(ann)
    assert table.play(ann, Retire(), late.moves) is None  # Bob's turn now
    refused = table.play(ann, Retire(), early.moves)
    assert refused is not None and refused.kind is Refusal.STALE
    bob = table.join(1, lambda: None)
    now = table.snapshot(bob).moves
    refused = table.play(ann, Retire(), now)
    assert refused is not None and refused.kind is Refusal.NOT_YOUR_TURN and refused.seat == 1
    spectator = table.join(None, lambda: None)
    refused = table.play(spectator, Retire(), now)
    assert refused is not None and refused.kind is Refusal.NOT_YOUR_TURN
    assert [s.record.player for s in session.steps] == ["Ann"]


def test_undo_of_another_persons_action_asks_them_at_their_terminal(tmp_path: Path) -> None:
    session, table = two_people(tmp_path)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        ann.wait_ready()
        ann.type("retire\n")
        wait_until(lambda: len(session.steps) == 1)
        bob.wait_ready()
        ann.mark = len(ann.prompt_text())
        bob.type("undo\n")
        ann.wait_prompt("Bob asks to take back your 'retire'. Agree? [y/N]")
        bob.wait_said("Asked Ann; waiting up to 30 seconds for their answer")
        ann.type("y\n")
        bob.wait_said("Took back Ann's 'retire'. Ann to play.")
        ann.wait_said("Bob took back Ann's 'retire'. Ann to play.")
        assert session.steps == []
        # Asked again, with no answer in time: nothing is undone.
        table.undo_wait = 0.2
        ann.wait_ready()
        ann.type("retire\n")
        wait_until(lambda: len(session.steps) == 1)
        bob.wait_ready()
        bob.type("undo\n")
        # Both are told it expired: the asker, and the owner who did not answer.
        bob.wait_said("Nothing taken back: Ann did not answer in time.")
        ann.wait_said("You did not answer in time: nothing of yours is taken back for Bob.")
        assert len(session.steps) == 1
        # Her own last action, nobody having acted since: taken back without a question.
        ann.wait_ready()
        ann.type("undo\n")
        ann.wait_said("Took back Ann's 'retire'. Ann to play.")
        bob.wait_said("Ann took back Ann's 'retire'. Ann to play.")
        assert session.steps == []
        for view in (ann, bob):
            view.keys.close()
            view.finish()


def test_an_undo_whose_owner_is_not_at_the_table_takes_nothing_back(tmp_path: Path) -> None:
    session, table = two_people(tmp_path)
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        ann.wait_ready()
        ann.type("retire\n")
        wait_until(lambda: len(session.steps) == 1)
        ann.hang_up()
        bob.wait_ready()
        bob.type("undo\n")
        bob.wait_said("Nothing taken back: Ann is not at the table to agree.")
        bob.keys.close()
        bob.finish()
    assert [s.record.action for s in session.steps] == ["retire"]
