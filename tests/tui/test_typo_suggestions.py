"""A first word one slip from an action or a command gets a suggestion, and nothing is
played or run until it is typed right."""

from __future__ import annotations

from pathlib import Path

from terminal import game, new_session


def test_a_mistyped_word_gets_the_action_or_command_it_is_close_to(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    keys = "tkae 1\nexchnage\nhlep\nfly to Rome\ntake 4\n"
    with game(session, keys) as (ui, out):
        ui.run()
    text = " ".join(out.getvalue().split())
    assert "unknown action 'tkae'; actions start with" in text
    assert "Did you mean 'take 1'? Type help for the commands." in text
    assert "Did you mean 'exchange'?" in text
    assert "Did you mean 'help'?" in text
    # Nothing close to "fly": no suggestion, only what actions start with.
    assert (
        "unknown action 'fly'; actions start with take, exchange, dig, exhibit, retire, renew."
        in text
    )
    assert text.count("Did you mean") == 3
    # The slips played nothing: the only action is the one typed right.
    assert [s.record.action for s in session.steps] == ["take 4"]
