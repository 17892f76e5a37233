"""Test tiers (README, CONTRIBUTING.md): every test is fast unless marked

- ``browser``: drives Debian's Chromium through Playwright (every test that uses a
  ``browser`` fixture, marked here);
- ``db``: starts real servers: a PostgreSQL cluster, nginx, Ray, several server processes
  (every test that uses the ``pg_url`` or ``proxied`` fixture, marked here; others by a
  marker line in their module);
- ``slow``: takes more than a few seconds on the project's small machine (marked in the
  modules, from the durations of a full run).

A plain ``pytest`` runs the fast tier (``addopts`` in pyproject.toml deselects the others);
``scripts/test`` and CI run every tier (``-m ""``). Each tier has its own per-test timeout
(pytest-timeout), so that a hung test fails with a traceback instead of blocking the run;
a test may set its own with ``@pytest.mark.timeout(N)``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis' per-example deadline (200 ms) measures the machine's load as much as the code:
# on two shared cores it failed tests whose examples take 300 ms at worst. Hangs are caught by
# the per-test timeouts instead; HYPOTHESIS_PROFILE=strict brings the deadline back.
settings.register_profile("project", deadline=None)
settings.register_profile("strict", deadline=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))

BROWSER_FIXTURES = {"browser"}
DB_FIXTURES = {"pg_url", "proxied"}
# Tests that start real servers without those fixtures ("file::function").
DB_TESTS = {
    "test_arena.py::test_a_match_on_a_local_ray_cluster_equals_one_on_this_machine",
    # a server process and three attacking client processes, measuring a player's waits:
    # beside the parallel tiers' two busy workers the player starved (0 moves in CI)
    "test_web_attacks.py::test_31_1_documents_and_draws_do_not_freeze_another_table",
}
# The slow tier, "file::function" (every parameter of it): the tests that took more than a
# few seconds in a full run on the project's machine (pytest --durations; CONTRIBUTING.md).
# A name here that no longer names a test is an error, so that a renamed test is not quietly
# moved into the fast tier.
# Whole files of the slow tier: every test of them takes a second or more of CPU (the
# terminal game through Textual, the strong players' simulations, OpenSpiel).
SLOW_FILES = {"test_openspiel.py", "test_strong_doko.py", "test_strong_inference.py",
              "test_tui.py"}
SLOW_TESTS = {
    "test_arena.py::test_results_do_not_depend_on_the_number_of_workers",
    "test_claims.py::test_a_bot_claims_when_certain",
    "test_claims.py::test_a_claim_in_the_terminal_game_at_80x24",
    "test_conformance.py::test_illegal_actions_change_nothing",   # 2-8 s a game
    "test_conformance.py::test_no_view_shows_a_hidden_card",
    "test_conformance.py::test_one_action_grammar",
    "test_doppelkopf_genscher.py::test_the_terminal_game_offers_and_plays_the_genscher",
    "test_doppelkopf_present.py::test_random_deals_every_seat",
    "test_doppelkopf_properties.py::test_every_option_happens",
    "test_doppelkopf_properties.py::test_every_option_on",
    "test_doppelkopf_properties.py::test_thousand_bot_deals",
    "test_doppelkopf_properties.py::test_views_do_not_leak_hidden_cards",
    "test_golden.py::test_bots_choose_the_same",
    "test_golden.py::test_record_replays_the_same",   # 313 records: 100 s together
    "test_hints.py::test_a_doppelkopf_hint_announces_only_what_the_strong_player_would",
    "test_hints.py::test_a_hint_in_every_phase_is_a_legal_action",
    "test_hints.py::test_a_simulated_bid_is_valued_against_passing",
    "test_kreuz.py::test_heuristic_team_makes_most_bids",
    "test_kreuz.py::test_many_bot_deals",
    "test_luxus.py::test_thousand_bot_deals",
    "test_openspiel.py::test_resample_from_infostate_keeps_the_information_state",
    "test_openspiel_bots.py::test_openspiel_bots_choose_legal_actions_in_every_game",
    "test_openspiel_bots.py::test_the_arena_seats_openspiel_bots_by_kind",
    "test_pad.py::test_every_hands_melds_are_possible_totals",
    "test_pad.py::test_pad_scores_played_doppelkopf_series_under_house_rules",
    "test_pad.py::test_random_deal_documents_never_crash",
    "test_pad.py::test_random_entries_against_random_rules_score_or_are_refused",
    "test_pad.py::test_the_entry_form_asks_for_every_played_deal",
    "test_pettingzoo.py::test_every_observation_of_whole_deals_is_in_its_space",
    "test_present_table.py::test_card_table_fields_in_random_deals",
    "test_present_zweier_luxus.py::test_luxus_tables_in_random_deals",
    "test_present_zweier_luxus.py::test_zweier_tables_in_random_deals",
    "test_sampler.py::test_a_filler_without_the_patterns_melds_exactly_as_shown",
    "test_sampler.py::test_a_world_from_the_view_alone_shows_that_view",
    "test_sampler.py::test_sample_keeps_the_view_and_never_fails",
    "test_sampler.py::test_the_drawn_deals_are_uniform_over_the_consistent_ones",
    "test_sampler.py::test_the_real_deal_meets_every_derived_constraint",
    "test_search.py::test_even_sides_step_down_and_halve",
    "test_search.py::test_the_structure_without_bit_extract_is_the_same",
    "test_search_diff.py::test_binokel_against_the_old_solver",
    "test_search_diff.py::test_binokel_root_value_against_the_old_solver_deeper",
    "test_search_diff.py::test_compiled_equals_reference_on_full_deals",
    "test_search_diff.py::test_compiled_equals_reference_on_many_positions",
    "test_search_diff.py::test_zweier_against_its_strict_solver",
    "test_seating.py::test_a_bigger_budget_is_never_worse_on_the_grids_hard_cells",
    "test_seating.py::test_layout_maximises_preferred_tables",
    "test_seating.py::test_names_and_numbers_as_ids_seat_the_same_on_every_run",
    "test_seating.py::test_plan_rounds_are_valid_and_repeats_add_up",
    "test_seating.py::test_round_seats_everyone_once_and_reports_truthfully",
    "test_seating.py::test_same_input_and_seed_give_the_same_round",
    "test_strong.py::test_a_sure_durch_is_announced_and_a_hopeless_one_is_not",
    "test_strong.py::test_the_bidder_simulates_a_strong_hand_up_and_a_weak_one_out",
    "test_strong.py::test_the_trump_named_is_the_one_the_push_was_simulated_for",
    "test_strong_inference.py::test_the_trump_and_push_a_declarer_chose_shape_his_cards",
    "test_tournament_club.py::test_random_documents_never_crash",
    "test_tui.py::test_a_whole_deal_by_number_keys_at_80x24",
    "test_tui.py::test_complete_deal_through_the_ui",
    "test_tui.py::test_english_symbols_and_last_trick",
    "test_tui.py::test_unplayable_cards_say_why_and_the_footer_speaks_german",
    "test_web_analysis.py::test_a_finished_deal_is_marked_card_by_card",
    "test_web_duplicate.py::test_a_whole_tournament_of_bots_plays_the_same_deals_at_every_table",
    "test_web_fuzz.py::test_a_running_table_is_changed_only_by_what_the_server_accepts",
    "test_web_protocol.py::test_a_complete_deal_of_every_game_without_leaks",
}
# Seconds per test in the other tiers (setup and teardown included: a module's server starts
# in the setup of its first test); the fast tier's is pyproject.toml's. Generous: they are
# there to stop a hung test, not to time one, and the project's machines are shared.
TIMEOUTS = {"browser": 900, "db": 900, "slow": 1200}


@pytest.fixture(scope="session")
def postgres() -> Iterator[tuple[Path, int]]:
    """The test run's PostgreSQL cluster (its socket folder and port), started when a test
    first asks for it; each module gets a database of its own (``test_web_postgres.pg_url``,
    the fixture the db tier's tests use)."""
    from test_web_postgres import postgres_cluster

    yield from postgres_cluster()


def _name(item: pytest.Item) -> str:
    """``file::function`` of a test (without its parameters)."""
    path = item.path.name
    function = getattr(item, "originalname", None) or item.name.split("[")[0]
    return f"{path}::{function}"


@pytest.hookimpl(tryfirst=True)   # before ``-m`` deselects by the markers set here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    modules = {item.path.name: item.module for item in items
               if isinstance(item, pytest.Function) and item.module is not None}
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        name = _name(item)
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if used & DB_FIXTURES or name in DB_TESTS:
            item.add_marker(pytest.mark.db)
        if name in SLOW_TESTS or item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("timeout") is None:
            tiers = [TIMEOUTS[t] for t in TIMEOUTS if item.get_closest_marker(t)]
            if tiers:
                item.add_marker(pytest.mark.timeout(max(tiers)))
    stale = sorted(n for n in SLOW_TESTS | DB_TESTS
                   if n.split("::")[0] in modules
                   and not hasattr(modules[n.split("::")[0]], n.split("::")[1]))
    here = Path(__file__).parent
    stale += sorted(f for f in SLOW_FILES if not (here / f).exists())
    if stale:
        raise pytest.UsageError(f"tests/conftest.py names tests that do not exist: {stale}")
