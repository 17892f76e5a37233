"""Options and presets (RULES §6, §10): the preset table, validation, record form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from binokel.core.errors import RulesError
from binokel.core.rules import RuleSet
from binokel.core.rules import option
from binokel.core.spec import GameSpec
from binokel.core.texts import GameTexts
from binokel.games.binokel.rules import OPTIONS
from binokel.games.binokel.rules import PRESETS
from binokel.games.binokel.rules import Rules
from binokel.present import plain
from binokel.registry import GAMES


@pytest.mark.parametrize("preset, expected", [
    ("standard", {"card_points": "classic", "lost_factor": 2, "abgehen_bonus": 30,
                  "meld_needs_trick": False, "rounding": "others", "durch_win": 1000,
                  "durch_loss": 2000, "untendurch": True, "double_trump_family": 300,
                  "rufen": False, "target": 1000, "min_bid": 150, "bid_step": 10,
                  "last_trick_bonus": 10, "double_family": 200, "eight_of_a_rank": 1000,
                  "rundgang": "parts", "durch": True, "vorhand_must_open": True,
                  "all_pass": "redeal", "first_lead": "vorhand", "sevens": False,
                  "dapp": True}),
    ("turnier", {"card_points": "tournament", "lost_factor": 1, "abgehen_bonus": 40,
                 "meld_needs_trick": True, "rounding": "none", "durch_win": 1000,
                 "durch_loss": 1000, "untendurch": False, "double_trump_family": 1000,
                 "rufen": False}),
    ("aks", {"card_points": "classic", "min_bid": 150, "meld_needs_trick": True,
             "durch": False, "double_family": 1000, "double_trump_family": 1000,
             "eight_of_a_rank": 1000, "rundgang": 350, "abgehen_bonus": "half_bid",
             "abgehen_others_meld": True, "lost_factor": 2, "lost_bonus_others": True,
             "overbid_unreachable": True, "deals_per_series": 15}),
])
def test_presets_follow_the_rules_table(preset: str, expected: dict[str, Any]) -> None:
    r = Rules.from_preset(preset)
    for name, value in expected.items():
        assert getattr(r, name) == value, name


def test_every_option_is_a_field_with_its_default() -> None:
    plain = Rules()
    for name, opt in OPTIONS.items():
        assert getattr(plain, name) == opt.default, name
        assert opt.en and opt.de, f"{name} needs an explanation in both languages"
    for preset, values in PRESETS.items():
        assert set(values) <= set(OPTIONS), preset


def test_options_override_the_preset() -> None:
    r = Rules.from_preset("turnier", lost_factor=2, rounding="others")
    assert (r.preset, r.lost_factor, r.rounding, r.card_points) == (
        "turnier", 2, "others", "tournament")


@pytest.mark.parametrize("name, given, stored", [
    ("meld_needs_trick", "yes", True), ("meld_needs_trick", "nein", False),
    ("rufen", "on", True), ("lost_factor", "1", 1), ("double_family", "1000", 1000),
    ("rundgang", "350", 350), ("rundgang", "none", "none"), ("target", "1500", 1500),
    ("abgehen_bonus", "half_bid", "half_bid"), ("abgehen_bonus", 40, 40),
    ("eight_of_a_rank", "double", "double"),
])
def test_values_from_text_are_converted(name: str, given: Any, stored: Any) -> None:
    assert getattr(Rules.from_preset("standard", **{name: given}), name) == stored


@pytest.mark.parametrize("options, message", [
    ({"lost_factr": 2}, r"unknown option 'lost_factr' \(did you mean 'lost_factor'\?\)"),
    ({"rounding": "up"}, r"'rounding': 'up' is not allowed \(allowed: others, all, none\)"),
    ({"lost_factor": 3}, "'lost_factor': 3 is not allowed"),
    ({"rufen": "maybe"}, "'rufen': 'maybe' is not yes/no"),
    ({"target": 0}, "'target': 0 is not allowed"),
    ({"target": True}, "'target': True is not allowed"),
    ({"lost_factor": True}, "'lost_factor': True is not allowed"),  # True == 1 in Python
    ({"four_tens": False}, "'four_tens': False is not allowed"),
    ({"abgehen_bonus": -10}, "'abgehen_bonus': -10 is not allowed"),
    ({"deal_pattern": "4-x-4"}, "'deal_pattern'"),
    ({"min_bid": 155}, "not a multiple of bid_step"),
    ({"max_bid": 100}, "must be at least min_bid"),
    ({"dix": True}, "needs sevens"),
])
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.from_preset("standard", **options)


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="unknown preset 'skat'"):
        Rules.from_preset("skat")


def test_record_form_round_trip() -> None:
    r = Rules.from_preset("turnier", lost_factor=2, rufen=True)
    assert r.to_dict() == {"preset": "turnier", "options": {"lost_factor": 2, "rufen": True}}
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict({"preset": "aks"}) == Rules.from_preset("aks")
    assert Rules.from_dict({"preset": "standard", "options": None}) == Rules()
    assert r.replace(rufen=False) == Rules.from_preset("turnier", lost_factor=2)


@pytest.mark.parametrize("data, message", [
    ([], "must be an object"),
    ({"preset": "standard", "extra": 1}, "unknown field 'extra'"),
    ({"preset": "standard", "options": [1]}, "options must be an object"),
    ({"preset": "standard", "options": {"sevens": "x"}}, "'sevens'"),
])
def test_bad_record_rules(data: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(data)


@pytest.mark.parametrize("x, rounded", [(0, 0), (4, 0), (5, 10), (124, 120), (125, 130),
                                        (129, 130), (250, 250)])
def test_rounding_to_tens_five_up(x: int, rounded: int) -> None:
    assert Rules().round_points(x) == rounded


def test_card_points_sum_to_240_in_both_schemes() -> None:
    for scheme in ("classic", "tournament"):
        pts = Rules(card_points=scheme).points
        assert 2 * 4 * sum(pts) == 240, scheme
    assert Rules().points[-1] == 11 and Rules(card_points="tournament").points[4] == 10


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_option_means_something_in_both_languages(spec: GameSpec) -> None:
    # The meaning lives in the game's texts.toml, apart from the declaration: a missing or
    # stale entry there must be caught, not shown as an empty line in the lobby.
    for o in spec.rules.options().values():
        assert o.en.strip() and o.de.strip(), o.name
        assert o.en != o.de, o.name  # a German line copied into the English one


def test_option_texts_must_match_the_declarations() -> None:
    @dataclass(frozen=True)
    class Missing(RuleSet, presets={"standard": {}}):
        preset: str = "standard"
        penalty: int = option(1, "scoring", low=1, high=3)

    with pytest.raises(TypeError, match="has no text"):
        Missing.options()

    @dataclass(frozen=True)
    class Stale(RuleSet, presets={"standard": {}}, texts=GameTexts(
            {}, {}, {"penalty": ("Penalty", "Strafe"), "penalti": ("Old", "Alt")}, {}, {})):
        preset: str = "standard"
        penalty: int = option(1, "scoring", low=1, high=3)

    with pytest.raises(TypeError, match="penalti"):
        Stale.options()


def test_named_values_must_say_what_they_mean() -> None:
    # A player chooses among meanings ("neu geben"), not among keys ("redeal"): a named value
    # without a text, or a text for a value the option does not take, is caught at once.
    def rules_with(values: dict[str, tuple[tuple[str, str, str], ...]]) -> type[RuleSet]:
        @dataclass(frozen=True)
        class Demo(RuleSet, presets={"standard": {}}, texts=GameTexts(
                {}, {}, {"when": ("When", "Wann"), "count": ("Count", "Anzahl")}, {}, {},
                values)):
            preset: str = "standard"
            when: str = option("now", "play", allowed=("now", "later"))
            count: int = option(0, "play", allowed=(0, 5))
        return Demo

    with pytest.raises(TypeError, match="later"):
        rules_with({"when": (("now", "now", "jetzt"),)}).options()
    with pytest.raises(TypeError, match="never"):
        rules_with({"when": (("now", "now", "jetzt"), ("later", "later", "später"),
                             ("never", "never", "nie"))}).options()
    demo = rules_with({"when": (("now", "now", "jetzt"), ("later", "later", "später")),
                       "count": (("0", "none", "keine"),)})
    count, when = demo.options()["count"], demo.options()["when"]
    assert [when.value_label(v, "de") for v in when.allowed or ()] == ["jetzt", "später"]
    # a number says enough by itself unless its text says more
    assert [count.value_label(v, "de") for v in count.allowed or ()] == ["keine", "5"]
    assert count.accepts("de") == "eins von: 0 = keine; 5"
    # the values stay what records and -o NAME=VALUE say
    assert demo.from_preset("standard", when="later").when == "later"


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_named_value_means_something_in_both_languages(spec: GameSpec) -> None:
    for o in spec.rules.options().values():
        for a in o.allowed or ():
            if isinstance(a, str):
                de, en = o.value_label(a, "de"), o.value_label(a, "en")
                assert de.strip() and en.strip(), (o.name, a)
                assert "_" not in de + en, (o.name, a)  # a key copied in, not a meaning
                # a choice in the lobby: no note on the source, which only the help keeps
                assert plain(de) == de and plain(en) == en, (o.name, a)
