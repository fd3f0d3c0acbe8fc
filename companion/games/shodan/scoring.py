"""Shodan's jury and prestige: what a grade requires, which techniques complete, the requirement events."""

from __future__ import annotations

from typing import Any

from companion.engine import Event
from companion.games.shodan.state import (
    CORE,
    MINIMA,
    ShodanState,
    cards,
    first_of,
    jury,
    tech_points,
    technique_key,
)


# ---------------------------------------------------------------------- jury and scoring
def _counts_for_jury(state: ShodanState, seat: int) -> dict[int, int]:
    """Closed techniques of `seat` that the jury counts, per position number."""
    entries = set(jury(state.objective)) if state.objective else set()
    counted: dict[int, int] = {}
    seen: set[str] = set()
    for tech in state.techniques:
        key = technique_key(tech)
        if tech.owner != seat or not tech.closed or key is None:
            continue
        triple = tuple(int(n) for n in key.split("-"))
        if state.opts["jury_match"] == "jury" and triple not in entries:
            continue
        if key in seen and not state.opts["jury_repeats"]:
            continue
        seen.add(key)
        counted[triple[0]] = counted.get(triple[0], 0) + 1
    return counted


def jury_requires(state: ShodanState, seat: int) -> dict[int, int]:
    """What the jury still requires of `seat`: position number -> closed techniques missing."""
    done = _counts_for_jury(state, seat)
    need = MINIMA[state.opts["grade"]]
    return {p: n - done.get(p, 0) for p, n in need.items() if n > done.get(p, 0)}


def jury_open_entries(state: ShodanState, seat: int) -> list[tuple[int, int, int]]:
    """The jury's techniques `seat` has not closed yet, for positions still required."""
    if not state.objective:
        return []
    missing = jury_requires(state, seat)
    done = {technique_key(t) for t in state.techniques if t.owner == seat and t.closed}
    return [e for e in jury(state.objective) if e[0] in missing and "-".join(map(str, e)) not in done]


def admitted(state: ShodanState, seat: int) -> bool:
    return not jury_requires(state, seat)


def prestige(state: ShodanState, seat: int) -> dict[str, int]:
    """Prestige points of `seat` by source, and their total."""
    out = {
        "cards": sum(tech_points(t) for t in state.techniques if t.owner == seat),
        "uke": state.tokens[seat] * state.opts["uke_points"],
        "firsts": sum(1 for _, s in state.firsts if s == seat),
        "minima": 2 if state.first_minima == seat else 0,
    }
    out["total"] = sum(out.values())
    return out


def completable(state: ShodanState, seat: int) -> list[dict[str, Any]]:
    """Privately: which techniques `seat`'s known hand could complete (core cards missing,
    all in hand, placed in order), on his open techniques or as a new one."""
    info = cards()
    hand = state.known[seat]
    by_kind: dict[str, list[str]] = {}
    for c in hand:
        by_kind.setdefault(info[c].kind, []).append(c)
    entries = set(jury(state.objective)) if state.objective else set()
    out: list[dict[str, Any]] = []
    targets = [(n, t) for n, t in enumerate(state.techniques, start=1) if t.owner == seat and not t.closed]
    for number, tech in targets:
        if technique_key(tech) is not None:
            continue
        missing = [k for k in CORE if tech.in_slot(k) is None]
        if all(by_kind.get(k) for k in missing):
            slots = {k: tech.in_slot(k) or by_kind[k][0] for k in CORE}
            out.append(_completion(number, [by_kind[k][0] for k in missing], slots, entries))
    if all(by_kind.get(k) for k in CORE):
        for p in dict.fromkeys(by_kind["position"]):
            for a in by_kind["attack"]:
                for t in by_kind["technique"]:
                    slots = {"position": p, "attack": a, "technique": t}
                    out.append(_completion(None, [p, a, t], slots, entries))
    return out


def _completion(number: int | None, needed: list[str], slots: dict[str, str],
                entries: set[tuple[int, int, int]]) -> dict[str, Any]:
    info = cards()
    triple = tuple(info[slots[k]].number for k in CORE)
    return {"technique": number, "cards": needed, "position": slots["position"], "attack": slots["attack"],
            "technique_card": slots["technique"], "jury": triple in entries}


def requirement_events(state: ShodanState, seat: int) -> list[Event]:
    """What the jury still requires of `seat`, as events (one per position missing)."""
    missing = jury_requires(state, seat)
    if not missing:
        return [Event("all", "jury_satisfied", {"seat": seat, "grade": state.opts["grade"]})]
    return [Event("all", "jury_needs", {"seat": seat, "n": n, "position": first_of("position", p)})
            for p, n in missing.items()]
