"""The option declarations (``pairing.engine.options``): how a value reads from TRF
words and stored JSON, what is refused, and the registry's check of the options a state
carries."""

from __future__ import annotations

import dataclasses

import pytest

from pairing.engine import InvalidState, System, TrfError, pair_round, registry, rules_for
from pairing.engine.model import PairingOptions, Round1Separation
from pairing.engine.option_kinds import BoolOption, IntOption
from pairing.engine.registry import option_specs, registered
from pairing.engine.trf import read_trf, state_from_trf, trf_from_state, write_trf

from .builders import build


def test_option_specs_every_system_option_is_declared_once_in_registry_order() -> None:
    assert [spec.name for spec in option_specs()] == [
        "lim_maxi",
        "esca_random",
        "esca_round1_separation",
        "esca_avoid_half_bye_pairs",
        "esca_avoid_defaulted_rematch",
    ]


def test_option_specs_esca_27_separation_is_one_flag_per_member() -> None:
    separation = rules_for(System.ESCA).options[1]
    assert [flag.word for flag in separation.flags()] == [
        "esca_round1_area",
        "esca_round1_federation",
    ]
    assert separation.from_flags({"esca_round1_area": False}) == frozenset(
        {Round1Separation.FEDERATION}
    )
    assert separation.to_json(frozenset({Round1Separation.AREA})) == ["area"]
    assert separation.from_json(["federation"]) == frozenset({Round1Separation.FEDERATION})
    with pytest.raises(ValueError, match="must list some of area, federation"):
        separation.from_json(["school"])


def test_option_specs_stored_values_of_the_wrong_type_are_refused() -> None:
    maxi = rules_for(System.LIM).options[0]
    with pytest.raises(ValueError, match="lim_maxi must be true or false"):
        maxi.from_json("yes")
    depth = IntOption(name="depth", default=3, label="Depth", help="", rule="", maximum=9)
    assert depth.from_json(9) == 9
    with pytest.raises(ValueError, match="depth must be a whole number from 0 to 9"):
        depth.from_json(10)
    with pytest.raises(ValueError, match="depth must be a whole number"):
        depth.from_json(True)


def test_option_specs_swo_value_out_of_range_names_its_column() -> None:
    text = write_trf(trf_from_state(build(4)))
    with pytest.raises(TrfError, match="option lim_maxi must be 0 or 1, not '2'"):
        state_from_trf(read_trf(text + "SWO lim_maxi=2\r\n"))


def test_option_specs_swo_writes_only_what_differs_from_the_default() -> None:
    options = PairingOptions(
        lim_maxi=False,
        esca_random=True,
        esca_round1_separation=frozenset({Round1Separation.AREA}),
    )
    text = write_trf(trf_from_state(dataclasses.replace(build(4), options=options)))
    assert "SWO esca_random=1 esca_round1_federation=0" in text
    back = state_from_trf(read_trf(text)).options
    assert back == PairingOptions(
        esca_random=True, esca_round1_separation=frozenset({Round1Separation.AREA})
    )


def test_option_specs_front_door_refuses_an_option_no_system_declares() -> None:
    state = dataclasses.replace(build(4), options=PairingOptions(lim_maxy=True))
    with pytest.raises(InvalidState, match="no pairing system has an option lim_maxy"):
        pair_round(state, System.LIM, seed=1)


def test_option_specs_registry_refuses_a_second_option_of_the_same_word() -> None:
    twin = BoolOption(name="lim_maxi", default=True, label="Twin", help="", rule="")
    stand_in = dataclasses.replace(rules_for(System.SB), options=(twin,))
    with pytest.raises(ValueError, match="two options are called lim_maxi"), registered(stand_in):
        pass
    assert rules_for(System.SB).options == ()


def test_option_specs_a_package_declares_the_options_its_rules_carry() -> None:
    """The registry reads a system's options from its package without loading the
    system; once loaded, its rules carry the very same options, under its own system."""
    for system, package in registry._PACKAGES.items():
        assert registry.REGISTRY[system].system is system
        assert registry.REGISTRY[system].options == package.OPTIONS
    assert list(registry.REGISTRY) == [
        System.DUTCH,
        System.DUTCH_1992,
        System.LIM,
        System.ESCA,
        System.SB,
    ]


def test_every_option_without_flags_is_its_default() -> None:
    """No flag given sets no option: what lets a TRF file without SWO lines be read
    with the default options, without reading any system's declarations."""
    for spec in option_specs():
        assert spec.from_flags({}) == spec.default, spec.name
    doc = read_trf(write_trf(trf_from_state(build(4), name="No SWO")))
    assert not [record for record in doc.records if record.tag == "SWO"]
    assert state_from_trf(doc).options == PairingOptions()


def test_option_specs_a_clash_between_packages_is_refused_when_first_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check that no two systems' options share a word runs the first time the
    declarations are read (not at import: pairing by the Dutch system reads none)."""
    twin = BoolOption(name="lim_maxi", default=True, label="Twin", help="", rule="")
    monkeypatch.setattr(registry, "_DECLARATIONS_CHECKED", [])
    monkeypatch.setattr(registry._PACKAGES[System.SB], "OPTIONS", (twin,))
    with pytest.raises(ValueError, match="two options are called lim_maxi"):
        option_specs()
