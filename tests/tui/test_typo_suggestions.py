"""A first word one slip from an action or a command gets a suggestion, and nothing is
played or run until it is typed right; a word that is no action is refused naming the
actions in the player's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import game, new_session
from thebes.language import speaking


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


@pytest.mark.parametrize(
    ("code", "keys", "refusal", "played"),
    [
        (
            "de",
            "fliegen nach Rom\nnehmen 4\n",
            "'fliegen nach Rom': unbekannte Aktion 'fliegen'; Aktionen beginnen mit nehmen, "
            "austauschen, graben, ausstellen, aufhören, erneuern.",
            "take 4",
        ),
        (
            "fr",
            "voler vers Rome\nprendre 4\n",
            # The no-break spaces before ":" and ";" are spaces once the lines are joined.
            "'voler vers Rome' : action inconnue 'voler' ; les actions commencent par "
            "prendre, échanger, fouiller, exposer, retirer, renouveler.",
            "take 4",
        ),
    ],
)
def test_an_unknown_action_is_refused_naming_the_actions_in_the_players_words(
    tmp_path: Path, code: str, keys: str, refusal: str, played: str
) -> None:
    # The menu shows "nehmen", "prendre": the refusal names the same words, not English ones.
    session = new_session(tmp_path)
    with speaking(code), game(session, keys) as (ui, out):
        ui.run()
    text = " ".join(out.getvalue().split())
    assert refusal in text
    assert [s.record.action for s in session.steps] == [played]
