"""The new-game dialog at a real table (issue 38 item 5), in CPython: the
names its choices show follow the names typed, and its help speaks of the
people at the table, never of bots."""

from __future__ import annotations

import re
from dataclasses import replace

from allfives.web.home import new_game as forms
from allfives.web.table.setup import Setup


def test_who_sets_first_and_whose_hand_name_the_players_as_typed():
    setup = replace(Setup(), mode="table", players=3)
    assert forms.seat_labels(setup) == ["Player 1", "Anna", "Ben"]
    typed = forms.read_setup({"mode": "table", "players": "3", "name": "Zoë",
                              "seatname0": "Bartholomew", "seatname1": " "}, setup)
    assert forms.seat_labels(typed) == ["Zoë", "Bartholomew", "Ben"]
    html = forms.table_options(typed)
    assert '<option value="1">Bartholomew</option>' in html
    assert html.count(">Zoë</option>") == 2  # who sets first, whose hand is entered


def test_the_help_at_a_real_table_speaks_of_people_not_bots():
    setup = replace(Setup(), mode="table", players=4, names=("Anna", "Bartholomew", "Cleo"))
    lines = forms.help_lines(setup)
    assert lines["players"] == "2, 3 or 4: everyone at the table plays with real tiles."
    assert "(Bartholomew) against Anna and Cleo" in lines["partnership"]
    assert not any(re.search(r"\bbots?\b", line) for line in lines.values())
    assert lines["name"] == "Up to 24 characters; left empty, you are called Player 1."
    assert forms.name_placeholder(setup) == "Player 1"
    assert "bots" in forms.help_lines(replace(setup, mode="bots"))["players"]
