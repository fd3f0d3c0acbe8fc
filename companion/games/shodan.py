"""Shodan (rule text "RevB", author unknown): the aikido grade exam card game, 2 to 4 players.

Rules from `rules/shodan.fr.txt`; the choices the text leaves open are the named options
below, with the defaults of `rules/digest.md` §5 (SH1-SH19). Cards: `decks/shodan.toml`.

Five face-down draw piles (BLUE positions, RED attacks, GREEN techniques, YELLOW notions,
LIGHTGREEN interactive cards and omote/ura), each with a face-up pile beside it. One
objective card (the jury's list) is revealed. Players draw 5 cards one at a time in turn
(SH1), then play turns: one main action (place, discard, declare uke, play an interactive
card, activate a notion), then draw back up to their hand size. A technique is built in
order position -> attack -> technique card (SH3); notions go anywhere, omote/ura after the
technique card; its owner may close it once the three are there (SH5). When a draw pile
runs out, every player plays one more turn (SH15), then the jury checks the grade minima
and prestige is counted.

Record actions (`seat` is the acting player; techniques are numbered 1, 2, ... in the
order they were started, table-wide):
- `{"type": "setup", "objective": "OBJ-03", "face_up": [5 ids, one per pile colour]}`
- `{"type": "draw", "seat": S, "pile": "RED"}` a face-down card (unknown to the companion),
  optionally `"card": ID` when the drawer shows it; `"face_up": true` takes the face-up top.
- `{"type": "see", "seat": S, "card": ID}` S shows an unknown card of his hand (privately):
  the companion learns it. Hands are tracked as known cards + unknown cards per colour
  (the pile they came from), so play works with hands the companion never saw.
- `{"type": "place", "seat": S, "card": ID, "technique": N}` (no `technique`: start one)
- `{"type": "discard", "seat": S, "card": ID}` (SH14: the take is the refill draw after it)
- `{"type": "uke", "seat": S, "technique": N, "card": ID}` declare uke and place a card on N
- `{"type": "interactive", "seat": S, "card": ID, ...}`: pied dans le hakama `technique`,
  `target` (a card on it); kaeshi waza `technique`; stage (nothing); senpai `partner`,
  `ask` (a card id), `given` (bool), `technique`.
- `{"type": "activate", "seat": S, "notion": ID, ...}`: ma-ai `target` (an activated
  notion); atémi `victim`, `card` (the card taken); shisei/irimi/te sabaki/ki no nagare
  optionally `card` (the one chosen in the pile); kamae nothing.
- `{"type": "close", "seat": S, "technique": N}`, `{"type": "done", "seat": S}` (stop
  after a Stage or an activation), `{"type": "pass", "seat": S}` (only when nothing else
  is possible).
Options: `grade` (1-3), `first` (the first player: the last to have practised a martial
art), `seed`, and one named option per rule reading SH1-SH19 (see OPTIONS; the ones with
a single choice name the reading made, the others switch it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Event, Game, Option, Rejected, register

PILES = ("BLUE", "RED", "GREEN", "YELLOW", "LIGHTGREEN")
HAND_SIZE = 5
CORE = ("position", "attack", "technique")
MINIMA = {  # grade -> position number -> closed techniques required (TEXT)
    1: {1: 1, 2: 1, 3: 1, 4: 1},
    2: {1: 2, 2: 1, 3: 1, 4: 1},
    3: {1: 2, 2: 2, 3: 2, 4: 2},
}
SEARCH_PILE = {"SHISEI": "LIGHTGREEN", "IRIMI": "RED", "TE_SABAKI": "BLUE", "KI_NO_NAGARE": "GREEN"}
TURN_PHASES = ("main", "bonus", "power", "refill")
CLOSE_PHASES = ("main", "bonus", "refill")

OPTIONS = (
    Option("grade", 1, "The dan all players present (agreed at the start).", (1, 2, 3)),
    Option("first", 0, "Seat that starts (the last to have practised a martial art)."),
    Option("seed", 0, "Seed for the examples `legal` draws (setup)."),
    Option("initial_draw", "round_robin", "Initial hands, face down ('à tour de rôles piocher dans le tas de "
           "leur choix 5 cartes'): one card at a time in turn, or each player his five in turn.",
           ("round_robin", "five_each"), "SH1"),
    Option("jury_match", "jury", "Techniques that count for the minima and the 'first' bonus: only those "
           "on the jury's list, or any.", ("jury", "any"), "SH6"),
    Option("jury_repeats", False, "The same jury technique closed twice counts twice for the minima.",
           (True, False), "SH6"),
    Option("kaeshi_to", "hand", "Kaeshi waza: the card taken goes to the user's hand. Fixed: the text's "
           "'récupérer la dernière carte posée' is done by the card's player, and the digest lists no other "
           "reading.", ("hand",), "SH9"),
    Option("kaeshi_notion", "now", "Kaeshi waza needs a technique with no notion on it now (the digest's "
           "'has no notion': a notion knocked off by Pied dans le hakama no longer protects it), or one on "
           "which no notion was ever placed (the text's 'si aucune notion a été posé').",
           ("now", "ever"), "SH9"),
    Option("activate_closed", True, "A notion may be activated on a closed technique (losing its point at "
           "the end), or only on an open one. The text is silent; the digest activates any notion on one's "
           "own technique.", (True, False), "SH11"),
    Option("kamae", "draw_one", "Kamae: draw one card now, or hand size 6 for good.",
           ("draw_one", "hand_six"), "SH12"),
    Option("last_round", "everyone", "When a pile is empty: everyone plays one more turn, ending with the "
           "one who emptied it (everyone), or only the current round is finished (round).",
           ("everyone", "round"), "SH15"),
    Option("major_among", "admitted", "The top of the class among admitted players (all if none), or "
           "among all.", ("admitted", "all"), "SH16"),
    Option("uke_points", 2, "Prestige of an uke token. Fixed by the text: 'un jeton Uke qui lui "
           "rapporteras 2 pt de prestige'.", (2,), "SH8"),
    # Rule readings with one choice: named so a table can see the choice made, and why it is fixed.
    Option("actions_per_turn", 1, "One action a turn (Stage: two placements; a notion: then place or "
           "discard). Fixed by the text: 'Le joueur peut poser une carte par tour sauf utilisation de la "
           "carte Stage', 'L'utilisation d'une de ces cartes est considéré comme un tour de jeu'.",
           (1,), "SH2"),
    Option("core_order", "strict", "A technique is built position, then attack, then technique card; or "
           "those three in any order.", ("strict", "any"), "SH3"),
    Option("several_open", True, "A player may have several open techniques.", (True, False), "SH4"),
    Option("closing", "own_turn_free", "Closing is free, in one's own turn, once the three core cards are "
           "there. Fixed: the text makes it the owner's wish ('le joueur peut si il le désire clôturer la "
           "technique'), not one of the turn's actions, and the digest lists no other reading.",
           ("own_turn_free",), "SH5"),
    Option("positions", "deck", "The positions of the grade minima: the deck's four. Fixed: they are data; "
           "edit the deck file to change them.", ("deck",), "SH7"),
    Option("uke_may", "place_or_discard", "While engaged, an uke may only place on the common technique or "
           "discard; its owner gets the card points. Fixed: the text's 'ne pourras faire autre chose tant "
           "que la technique n'est pas validée', read by the digest; no other reading listed.",
           ("place_or_discard",), "SH8"),
    Option("senpai", "named_card", "Senpai: the player names the card; the partner gives it if held. "
           "Fixed: the text's 'demander une carte a un partenaire' names what is asked; no other reading "
           "listed.", ("named_card",), "SH10"),
    Option("notion_powers", "one_shot", "Notion powers act once, on activation (Zanshin: while available). "
           "Fixed by the text: 'On résout le pouvoir de la carte puis le joueur peut poser ou défausser'; "
           "Zanshin's 'Insensible au pied dans le hakama' can only be a lasting protection.",
           ("one_shot",), "SH11"),
    Option("empty_pile", "other_pile", "With a pile empty, draw from another. Fixed: the text lets every "
           "draw choose its pile ('dans le tas de son choix'), so another pile is the only way to fill "
           "the hand.", ("other_pile",), "SH13"),
    Option("discard", "exchange", "Discarding is an exchange: the take is the draw that follows. Fixed by "
           "the text: 'il la pose donc sur le tas face visible [...] et choisie une carte face visible ou "
           "caché dans le tas de son choix'.", ("exchange",), "SH14"),
    Option("ties", "shared", "Tied at the top of the class: shared. Fixed: the text names no tie-break "
           "and the digest lists none.", ("shared",), "SH17"),
    Option("currency", "one", "Prestige points and victory points are the same. Fixed by the text: the "
           "'Décompte des points de victoire' counts the cards that bring 'points de prestige'.",
           ("one",), "SH18"),
    Option("hakama_target", "attacker", "Pied dans le hakama: the attacker chooses the card; it goes face up "
           "on its pile. Fixed: the text's 'permet de défausser une carte posé' is done by the card's "
           "player, and a discarded card goes face up on its colour (SH14).", ("attacker",), "SH19"),
)


class CardInfo(NamedTuple):
    id: str
    kind: str
    colour: str
    number: int
    power: str
    effect: str


class Technique(NamedTuple):
    owner: int
    position: str | None = None
    attack: str | None = None
    technique: str | None = None
    form: str | None = None  # omote or ura
    notions: tuple[tuple[str, bool], ...] = ()  # (card, activated)
    order: tuple[str, ...] = ()  # cards on it, in the order they were placed
    closed: bool = False
    uke: int | None = None
    had_notion: bool = False  # a notion was placed on it once (kaeshi_notion = ever)


class ShodanState(NamedTuple):
    """The whole game; immutable."""

    players: int
    opts: Mapping[str, Any]
    phase: str  # setup, draft, main, bonus, power, refill, over
    turn: int
    objective: str | None
    draw: tuple[int, ...]  # face-down cards left, per pile
    face_up: tuple[tuple[str, ...], ...]  # per pile, top last
    known: tuple[tuple[str, ...], ...]  # per seat: hand cards the companion knows
    unknown: tuple[tuple[int, ...], ...]  # per seat, per pile colour: unidentified hand cards
    hand_size: tuple[int, ...]
    techniques: tuple[Technique, ...]
    uke_of: tuple[int | None, ...]  # per seat: index of the technique he is uke on
    tokens: tuple[int, ...]
    firsts: tuple[tuple[str, int], ...]  # (technique key "1-8-2", seat) in order
    first_minima: int | None
    places_left: int = 0
    may_discard: bool = False
    power_draws: int = 0
    draft_left: int = 0
    final_turns: int | None = None
    winners: tuple[int, ...] = ()


@cache
def cards() -> dict[str, CardInfo]:
    """Every card of the deck (action cards and objectives), by id."""
    return {c.id: CardInfo(c.id, c.kind, c["colour"], c["number"], c.get("power", ""), c.get("effect", ""))
            for c in load_deck("shodan")}


@cache
def action_cards() -> tuple[str, ...]:
    return tuple(c for c, i in cards().items() if i.kind != "objective")


@cache
def pile_sizes() -> tuple[int, ...]:
    return tuple(sum(cards()[c].colour == p for c in action_cards()) for p in PILES)


@cache
def first_of(kind: str, number: int) -> str:
    """The first card id of a kind and number (names a position, attack or technique in phrases)."""
    return next(c for c, i in cards().items() if i.kind == kind and i.number == number)


@cache
def jury(objective: str) -> tuple[tuple[int, int, int], ...]:
    """The jury list of an objective card: (position, attack, technique) numbers."""
    text = load_deck("shodan").card(objective)["jury"]
    return tuple(tuple(int(n) for n in entry.split("-")) for entry in text.split())  # type: ignore[misc]


def technique_key(tech: Technique) -> str | None:
    """"1-8-2" for yokomen uchi nikyo en tachi waza; None while the core is incomplete."""
    if tech.position is None or tech.attack is None or tech.technique is None:
        return None
    info = cards()
    return f"{info[tech.position].number}-{info[tech.attack].number}-{info[tech.technique].number}"


def tech_cards(tech: Technique) -> list[str]:
    slots = [c for c in (tech.position, tech.attack, tech.technique, tech.form) if c]
    return slots + [n for n, _ in tech.notions]


def tech_points(tech: Technique) -> int:
    """Prestige of a closed technique: one per card, activated notions excepted."""
    if not tech.closed:
        return 0
    return sum(1 for c in (tech.position, tech.attack, tech.technique, tech.form) if c) + sum(
        1 for _, used in tech.notions if not used)


class Shodan(Game):
    """The Shodan engine (2 to 4 players)."""

    name = "shodan"
    seat_counts = (2, 3, 4)
    default_seats = 3  # the text says 2 to 4; three is the middle, and a jury for a table of friends
    options = OPTIONS

    def seat_keys(self, seats: int) -> list[str]:
        return ["north", "south"] if seats == 2 else super().seat_keys(seats)

    def new_state(self, seats: int, options: Mapping[str, Any] | None = None) -> ShodanState:
        opts = self.resolve_options(seats, options)
        first = opts["first"]
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
            raise Rejected("bad_option_value", name="first", value=str(opts["first"]))
        if not isinstance(opts["seed"], int):
            raise Rejected("bad_option_value", name="seed", value=str(opts["seed"]))
        return ShodanState(
            players=seats, opts=MappingProxyType(opts), phase="setup", turn=opts["first"], objective=None,
            draw=pile_sizes(), face_up=((),) * len(PILES), known=((),) * seats,
            unknown=((0,) * len(PILES),) * seats, hand_size=(HAND_SIZE,) * seats, techniques=(),
            uke_of=(None,) * seats, tokens=(0,) * seats, firsts=(), first_minima=None,
            draft_left=HAND_SIZE * seats)

    def start_events(self, state: ShodanState) -> list[Event]:
        return [Event("all", "start", {"grade": state.opts["grade"], "seat": state.opts["first"]})]

    def apply(self, state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
        kind = action.get("type") if isinstance(action, Mapping) else None
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise Rejected("unknown_action", type=str(kind))
        if state.phase == "over":
            raise Rejected("game_over")
        if kind != "setup" and state.phase == "setup":
            raise Rejected("setup_first")
        return handler(state, action)

    def legal(self, state: ShodanState, seat: int) -> list[dict[str, Any]]:
        return _legal(state, seat)

    def public_view(self, state: ShodanState) -> dict[str, Any]:
        return {
            "game": self.name, "players": state.players, "grade": state.opts["grade"], "phase": state.phase,
            "turn": state.turn, "objective": state.objective,
            "jury": [list(e) for e in jury(state.objective)] if state.objective else [],
            "piles": {p: {"draw": n, "face_up": up[-1] if up else None}
                      for p, n, up in zip(PILES, state.draw, state.face_up, strict=True)},
            "hand_sizes": {str(s): hand_count(state, s) for s in range(state.players)},
            "techniques": [_tech_view(t, n) for n, t in enumerate(state.techniques, start=1)],
            "uke_tokens": {str(s): v for s, v in enumerate(state.tokens)},
            "firsts": [[k, s] for k, s in state.firsts], "first_minima": state.first_minima,
            "last_round": state.final_turns is not None,
            "requires": {str(s): {str(p): n for p, n in jury_requires(state, s).items()}
                         for s in range(state.players)} if state.objective else {},
            "scores": {str(s): v for s, v in self.scores(state).items()},
            "over": state.phase == "over", "winners": list(state.winners),
        }

    def private_view(self, state: ShodanState, seat: int) -> dict[str, Any]:
        view = self.public_view(state)
        view["seat"] = seat
        if 0 <= seat < state.players:
            view["hand"] = list(state.known[seat])
            view["hand_unknown"] = {p: n for p, n in zip(PILES, state.unknown[seat], strict=True) if n}
            view["could_complete"] = completable(state, seat)
        return view

    def scores(self, state: ShodanState) -> dict[int, int]:
        return {s: prestige(state, s)["total"] for s in range(state.players)}

    def is_over(self, state: ShodanState) -> bool:
        return state.phase == "over"

    def winners(self, state: ShodanState) -> list[int]:
        return list(state.winners)

    def table_actions(self, state: ShodanState, rng: random.Random) -> list[dict[str, Any]]:
        """Setup from a seeded shuffle, then every face-down card drawn is shown (`see`)."""
        if state.phase == "setup":
            return [_setup_example(rng)]
        for seat in range(state.players):
            for i, n in enumerate(state.unknown[seat]):
                if n:
                    pool = sorted(unseen(state, PILES[i]))
                    return [{"type": "see", "seat": seat, "card": rng.choice(pool)}]
        return []

    def seats_of(self, state: ShodanState) -> Sequence[int]:
        return range(state.players)


# ---------------------------------------------------------------------- hands and locations
def hand_count(state: ShodanState, seat: int) -> int:
    return len(state.known[seat]) + sum(state.unknown[seat])


def located(state: ShodanState) -> set[str]:
    """Action cards whose place the companion knows (face up, in a known hand, on the table)."""
    out = {c for pile in state.face_up for c in pile} | {c for hand in state.known for c in hand}
    for tech in state.techniques:
        out.update(tech_cards(tech))
    return out


def unseen(state: ShodanState, colour: str) -> set[str]:
    """Cards of a colour not located: in its draw pile or an unknown hand card."""
    info = cards()
    seen = located(state)
    return {c for c in action_cards() if info[c].colour == colour and c not in seen}


def _with_seat(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[seat] = value
    return tuple(out)


def _take_from_hand(state: ShodanState, seat: int, card: str) -> ShodanState:
    """The state with `card` out of `seat`'s hand; Rejected if he cannot hold it."""
    if card in state.known[seat]:
        known = list(state.known[seat])
        known.remove(card)
        return state._replace(known=_with_seat(state.known, seat, tuple(known)))
    ci = PILES.index(cards()[card].colour)
    if state.unknown[seat][ci] > 0 and card not in located(state):
        unknown = _with_seat(state.unknown[seat], ci, state.unknown[seat][ci] - 1)
        return state._replace(unknown=_with_seat(state.unknown, seat, unknown))
    raise Rejected("not_in_hand", seat=seat, card=card)


def _give(state: ShodanState, seat: int, card: str) -> ShodanState:
    return state._replace(known=_with_seat(state.known, seat, (*state.known[seat], card)))


def _give_unknown(state: ShodanState, seat: int, colour: str) -> ShodanState:
    ci = PILES.index(colour)
    unknown = _with_seat(state.unknown[seat], ci, state.unknown[seat][ci] + 1)
    return state._replace(unknown=_with_seat(state.unknown, seat, unknown))


def _to_face_up(state: ShodanState, card: str) -> ShodanState:
    ci = PILES.index(cards()[card].colour)
    return state._replace(face_up=_with_seat(state.face_up, ci, (*state.face_up[ci], card)))


def _hand_options(state: ShodanState, seat: int) -> list[str]:
    """Cards `seat` may hold: his known cards, and one unseen card per kind and number for
    each colour he holds unknown cards of (enough to list choices)."""
    out = list(dict.fromkeys(state.known[seat]))
    info = cards()
    for i, n in enumerate(state.unknown[seat]):
        if n:
            reps: dict[tuple[str, int], str] = {}
            for c in sorted(unseen(state, PILES[i])):
                reps.setdefault((info[c].kind, info[c].number), c)
            out.extend(reps.values())
    return out


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
        missing = [k for k in CORE if getattr(tech, k) is None]
        if all(by_kind.get(k) for k in missing):
            slots = {k: getattr(tech, k) or by_kind[k][0] for k in CORE}
            out.append(_completion(number, [by_kind[k][0] for k in missing], slots, entries))
    if all(by_kind.get(k) for k in CORE):
        for p in dict.fromkeys(by_kind["position"]):
            for a in by_kind["attack"]:
                for t in by_kind["technique"]:
                    slots = {"position": p, "attack": a, "technique": t}
                    out.append(_completion(None, [p, a, t], slots, entries))
    return out


def _completion(number: int | None, needed: list[str], slots: dict[str, str],
                entries: set[tuple[int, ...]]) -> dict[str, Any]:
    info = cards()
    triple = tuple(info[slots[k]].number for k in CORE)
    return {"technique": number, "cards": needed, "position": slots["position"], "attack": slots["attack"],
            "technique_card": slots["technique"], "jury": triple in entries}


def _tech_view(tech: Technique, number: int) -> dict[str, Any]:
    return {"number": number, "owner": tech.owner, "position": tech.position, "attack": tech.attack,
            "technique": tech.technique, "form": tech.form,
            "notions": [{"card": c, "activated": used} for c, used in tech.notions],
            "order": list(tech.order), "closed": tech.closed, "uke": tech.uke, "key": technique_key(tech),
            "points": tech_points(tech)}


# ---------------------------------------------------------------------- action parsing
def _seat(state: ShodanState, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = action.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise Rejected("bad_seat", value=str(seat))
    return seat


def _card(action: Mapping[str, Any], key: str = "card", kinds: tuple[str, ...] = ()) -> str:
    card = action.get(key)
    if not isinstance(card, str) or card not in cards() or cards()[card].kind == "objective":
        raise Rejected("unknown_card", card=str(card))
    if kinds and cards()[card].kind not in kinds:
        raise Rejected("wrong_kind", card=card)
    return card


def _tech_index(state: ShodanState, action: Mapping[str, Any], key: str = "technique") -> int:
    n = action.get(key)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(state.techniques):
        raise Rejected("unknown_technique", value=str(n))
    return n - 1


def _pile(action: Mapping[str, Any]) -> int:
    pile = action.get("pile")
    if pile not in PILES:
        raise Rejected("unknown_pile", value=str(pile))
    return PILES.index(pile)


def _my_turn(state: ShodanState, seat: int, phases: tuple[str, ...]) -> None:
    if seat != state.turn:
        raise Rejected("not_turn", seat=state.turn)
    if state.phase == "refill" and "refill" not in phases:  # the turn's action is spent: say so (SH2)
        raise Rejected("one_action_a_turn")
    if state.phase not in phases:
        raise Rejected(f"phase_{state.phase}", seat=seat)


def _tori_of(state: ShodanState, seat: int) -> int | None:
    """The open technique `seat` owns with an uke on it (he may play only there)."""
    for i, t in enumerate(state.techniques):
        if t.owner == seat and t.uke is not None and not t.closed:
            return i
    return None


# ---------------------------------------------------------------------- placing
def _placed(tech: Technique | None, card: str, owner: int, strict: bool = True) -> Technique:
    """The technique with `card` added (SH3 order unless not `strict`); Rejected with the reason otherwise."""
    info = cards()[card]
    tech = tech or Technique(owner)
    if tech.closed:
        raise Rejected("technique_closed")
    kind = info.kind
    if kind == "notion":
        return tech._replace(notions=(*tech.notions, (card, False)), order=(*tech.order, card),
                             had_notion=True)
    if kind == "position":
        if tech.position is not None:
            raise Rejected("slot_taken", card=tech.position)
        return tech._replace(position=card, order=(*tech.order, card))
    if kind == "attack":
        if tech.position is None and strict:
            raise Rejected("position_first")
        if tech.attack is not None:
            raise Rejected("slot_taken", card=tech.attack)
        return tech._replace(attack=card, order=(*tech.order, card))
    if kind == "technique":
        if tech.position is None and strict:
            raise Rejected("position_first")
        if tech.attack is None and strict:
            raise Rejected("attack_first")
        if tech.technique is not None:
            raise Rejected("slot_taken", card=tech.technique)
        return tech._replace(technique=card, order=(*tech.order, card))
    if kind == "form":
        if tech.technique is None:
            raise Rejected("technique_card_first")
        if tech.form is not None:
            raise Rejected("slot_taken", card=tech.form)
        return tech._replace(form=card, order=(*tech.order, card))
    raise Rejected("not_placeable", card=card)


def _place(state: ShodanState, seat: int, card: str, index: int | None,
           events: list[Event]) -> ShodanState:
    """Put `card` (already out of the hand) on technique `index` (None: a new one of `seat`)."""
    strict = state.opts["core_order"] == "strict"
    if index is None:
        _check_new(state, seat)
        tech = _placed(None, card, seat, strict)
        state = state._replace(techniques=(*state.techniques, tech))
        index = len(state.techniques) - 1
    else:
        tech = _placed(state.techniques[index], card, state.techniques[index].owner, strict)
        state = state._replace(techniques=_with_seat(state.techniques, index, tech))
    events.append(_place_event(seat, card, index, tech))
    return state


def _check_new(state: ShodanState, seat: int) -> None:
    """SH4: starting a technique while one is open, when the table plays one at a time."""
    if not state.opts["several_open"]:
        for n, t in enumerate(state.techniques, start=1):
            if t.owner == seat and not t.closed:
                raise Rejected("one_open_technique", technique=n)


def _place_event(seat: int, card: str, index: int, tech: Technique) -> Event:
    n = len(tech_cards(tech))
    params = {"seat": seat, "owner": tech.owner, "card": card, "technique": index + 1, "n": n}
    if technique_key(tech) is not None:
        params.update(position=tech.position, attack=tech.attack, technique_card=tech.technique)
        return Event("all", "built" if seat == tech.owner else "built_uke", params)
    return Event("all", "placed" if seat == tech.owner else "placed_uke", params)


def _check_target(state: ShodanState, seat: int, index: int | None) -> None:
    """Engagement (SH8): an uke places only on the common technique, and so does its owner."""
    common = state.uke_of[seat]
    if common is not None and index != common:
        raise Rejected("engaged_as_uke", technique=common + 1)
    tori = _tori_of(state, seat)
    if tori is not None and index != tori:
        raise Rejected("engaged_with_uke", technique=tori + 1, seat=state.techniques[tori].uke)
    if index is not None:
        tech = state.techniques[index]
        if tech.closed:
            raise Rejected("technique_closed_n", technique=index + 1)
        if tech.owner != seat and common != index:
            raise Rejected("not_your_technique", technique=index + 1)


def _act_place(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    if seat == state.turn and state.phase == "refill":  # a second card: the text's one card a turn
        raise Rejected("one_card_a_turn")
    _my_turn(state, seat, ("main", "bonus"))
    if state.phase == "bonus" and state.places_left < 1:
        raise Rejected("no_more_places")
    card = _card(action)
    index = None if action.get("technique") in (None, "new") else _tech_index(state, action)
    _check_target(state, seat, index)
    events: list[Event] = []
    state = _place(_take_from_hand(state, seat, card), seat, card, index, events)
    if state.phase == "bonus":
        state = state._replace(places_left=state.places_left - 1, may_discard=False)
        return _after_bonus_step(state, events), events
    return _to_refill(state, events), events


# ---------------------------------------------------------------------- other main actions
def _act_discard(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("main", "bonus"))
    if state.phase == "bonus" and not state.may_discard:
        raise Rejected("no_discard_now")
    card = _card(action)
    state = _to_face_up(_take_from_hand(state, seat, card), card)
    events = [Event("all", "discard", {"seat": seat, "card": card})]
    state = state._replace(places_left=0, may_discard=False)
    return _to_refill(state, events), events


def _act_uke(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("main",))
    index = _tech_index(state, action)
    tech = state.techniques[index]
    _check_free(state, seat)
    if tech.owner == seat:
        raise Rejected("own_technique")
    if tech.closed:
        raise Rejected("technique_closed_n", technique=index + 1)
    if tech.uke is not None:
        raise Rejected("has_uke", technique=index + 1, seat=tech.uke)
    if state.uke_of[tech.owner] is not None or _tori_of(state, tech.owner) is not None:
        raise Rejected("partner_engaged", seat=tech.owner)
    card = _card(action)
    events = [Event("all", "uke", {"seat": seat, "partner": tech.owner, "technique": index + 1})]
    state = _take_from_hand(state, seat, card)
    state = _place(state, seat, card, index, events)
    tech = state.techniques[index]._replace(uke=seat)
    state = state._replace(techniques=_with_seat(state.techniques, index, tech),
                           uke_of=_with_seat(state.uke_of, seat, index))
    return _to_refill(state, events), events


def _check_free(state: ShodanState, seat: int) -> None:
    if state.uke_of[seat] is not None:
        raise Rejected("engaged_as_uke", technique=state.uke_of[seat] + 1)
    tori = _tori_of(state, seat)
    if tori is not None:
        raise Rejected("engaged_with_uke", technique=tori + 1, seat=state.techniques[tori].uke)


def _act_close(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, CLOSE_PHASES)
    index = _tech_index(state, action)
    tech = state.techniques[index]
    if tech.owner != seat:
        raise Rejected("not_your_technique", technique=index + 1)
    if tech.closed:
        raise Rejected("technique_closed_n", technique=index + 1)
    key = technique_key(tech)
    if key is None:
        raise Rejected("incomplete", technique=index + 1)
    tech = tech._replace(closed=True)
    state = state._replace(techniques=_with_seat(state.techniques, index, tech))
    events = [Event("all", "closed", {"seat": seat, "technique": index + 1, "position": tech.position,
                                      "attack": tech.attack, "technique_card": tech.technique,
                                      "points": tech_points(tech)})]
    if tech.uke is not None:
        state = state._replace(tokens=_with_seat(state.tokens, tech.uke, state.tokens[tech.uke] + 1),
                               uke_of=_with_seat(state.uke_of, tech.uke, None))
        events.append(Event("all", "uke_token", {"seat": tech.uke, "partner": seat}))
    triple = tuple(int(n) for n in key.split("-"))
    counts = state.opts["jury_match"] == "any" or triple in jury(state.objective)  # type: ignore[arg-type]
    if counts and key not in {k for k, _ in state.firsts}:
        state = state._replace(firsts=(*state.firsts, (key, seat)))
        events.append(Event("all", "first_done", {"seat": seat, "technique": index + 1}))
    if state.first_minima is None and admitted(state, seat):
        state = state._replace(first_minima=seat)
        events.append(Event("all", "first_minima", {"seat": seat}))
    events.extend(requirement_events(state, seat))
    return state, events


def requirement_events(state: ShodanState, seat: int) -> list[Event]:
    """What the jury still requires of `seat`, as events (one per position missing)."""
    missing = jury_requires(state, seat)
    if not missing:
        return [Event("all", "jury_satisfied", {"seat": seat, "grade": state.opts["grade"]})]
    return [Event("all", "jury_needs", {"seat": seat, "n": n, "position": first_of("position", p)})
            for p, n in missing.items()]


def _act_done(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("bonus",))
    events: list[Event] = []
    state = state._replace(places_left=0, may_discard=False)
    return _to_refill(state, events), events


def _act_pass(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("main",))
    if _main_choices(state, seat, include_close=False):
        raise Rejected("can_act")
    events = [Event("all", "pass", {"seat": seat})]
    return _to_refill(state, events), events


# ---------------------------------------------------------------------- interactive cards
def _act_interactive(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("main",))
    card = _card(action, kinds=("interactive",))
    effect = cards()[card].effect
    if state.uke_of[seat] is not None:
        raise Rejected("engaged_as_uke", technique=state.uke_of[seat] + 1)
    tori = _tori_of(state, seat)
    if tori is not None and effect in ("HAKAMA", "KAESHI"):
        raise Rejected("engaged_with_uke", technique=tori + 1, seat=state.techniques[tori].uke)
    state = _to_face_up(_take_from_hand(state, seat, card), card)
    events: list[Event] = []
    if effect == "STAGE":
        events.append(Event("all", "stage", {"seat": seat}))
        return state._replace(phase="bonus", places_left=2, may_discard=False), events
    if effect == "SENPAI":
        return _senpai(state, seat, action, events)
    index = _tech_index(state, action)
    tech = state.techniques[index]
    if tech.owner == seat:
        raise Rejected("not_against_self")
    if tech.closed:
        raise Rejected("technique_closed_n", technique=index + 1)
    if effect == "HAKAMA":
        target = _card(action, "target")
        if target not in tech.order:
            raise Rejected("not_on_technique", card=target, technique=index + 1)
        if any(cards()[c].power == "ZANSHIN" and not used for c, used in tech.notions):
            raise Rejected("zanshin_protects", technique=index + 1)
        state = _to_face_up(_remove_from_tech(state, index, target), target)
        events.append(Event("all", "hakama", {"seat": seat, "owner": tech.owner, "technique": index + 1,
                                              "card": target}))
    else:  # KAESHI
        if tech.notions:
            raise Rejected("has_notion", technique=index + 1)
        if tech.had_notion and state.opts["kaeshi_notion"] == "ever":
            raise Rejected("had_notion", technique=index + 1)
        if not tech.order:
            raise Rejected("technique_empty", technique=index + 1)
        target = tech.order[-1]
        state = _give(_remove_from_tech(state, index, target), seat, target)
        events.append(Event("all", "kaeshi", {"seat": seat, "owner": tech.owner, "technique": index + 1,
                                              "card": target}))
    return _to_refill(state, events), events


def _remove_from_tech(state: ShodanState, index: int, card: str) -> ShodanState:
    tech = state.techniques[index]
    changes: dict[str, Any] = {"order": tuple(c for c in tech.order if c != card),
                               "notions": tuple(n for n in tech.notions if n[0] != card)}
    for slot in ("position", "attack", "technique", "form"):
        if getattr(tech, slot) == card:
            changes[slot] = None
    return state._replace(techniques=_with_seat(state.techniques, index, tech._replace(**changes)))


def _senpai(state: ShodanState, seat: int, action: Mapping[str, Any],
            events: list[Event]) -> tuple[ShodanState, list[Event]]:
    partner = _seat(state, action, "partner")
    if partner == seat:
        raise Rejected("not_against_self")
    asked = _card(action, "ask")
    given = action.get("given")
    if not isinstance(given, bool):
        raise Rejected("say_given")
    if not given:
        if asked in state.known[partner]:
            raise Rejected("partner_has_it", seat=partner, card=asked)
        events.append(Event("all", "senpai_refused", {"seat": seat, "partner": partner, "card": asked}))
        return _to_refill(state, events), events
    index = _tech_index(state, action)
    _check_target(state, seat, index)
    if state.techniques[index].owner != seat:
        raise Rejected("not_your_technique", technique=index + 1)
    events.append(Event("all", "senpai", {"seat": seat, "partner": partner, "card": asked}))
    state = _place(_take_from_hand(state, partner, asked), seat, asked, index, events)
    return _to_refill(state, events), events


# ---------------------------------------------------------------------- notions
def _act_activate(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("main",))
    if state.uke_of[seat] is not None:
        raise Rejected("engaged_as_uke", technique=state.uke_of[seat] + 1)
    notion = _card(action, "notion", kinds=("notion",))
    where = _notion_place(state, notion)
    if where is None or state.techniques[where].owner != seat:
        raise Rejected("not_your_notion", card=notion)
    if state.techniques[where].closed and not state.opts["activate_closed"]:
        raise Rejected("notion_on_closed", card=notion, technique=where + 1)
    power = cards()[notion].power
    if dict(state.techniques[where].notions)[notion]:
        raise Rejected("already_activated", card=notion)
    if power == "ZANSHIN":
        raise Rejected("zanshin_passive")
    state = _set_notion(state, where, notion, True)
    events = [Event("all", "activate", {"seat": seat, "card": notion})]
    if power == "MAAI":
        target = _card(action, "target", kinds=("notion",))
        spot = _notion_place(state, target)
        if target == notion or spot is None or state.techniques[spot].owner != seat \
                or not dict(state.techniques[spot].notions)[target]:
            raise Rejected("nothing_to_restore", card=target)
        state = _set_notion(state, spot, target, False)
        events.append(Event("all", "maai", {"seat": seat, "card": target}))
    elif power == "ATEMI":
        victim = _seat(state, action, "victim")
        if victim == seat:
            raise Rejected("not_against_self")
        taken = _card(action)
        state = _give(_take_from_hand(state, victim, taken), seat, taken)
        events += [Event("all", "atemi", {"seat": seat, "victim": victim}),
                   Event(seat, "atemi_took", {"seat": seat, "victim": victim, "card": taken}),
                   Event(victim, "atemi_lost", {"seat": seat, "victim": victim, "card": taken})]
    elif power == "KAMAE":
        events.append(Event("all", "kamae", {"seat": seat}))
        if state.opts["kamae"] == "hand_six":
            state = state._replace(hand_size=_with_seat(state.hand_size, seat, HAND_SIZE + 1))
        else:
            state = state._replace(power_draws=1)
    else:
        pile = SEARCH_PILE[power]
        ci = PILES.index(pile)
        state = _take_face_down(state, seat, ci, action, "search_card", events)
        events.insert(1, Event("all", "search", {"seat": seat, "pile": pile}))
        state = _check_last_round(state, seat, events)
    state = state._replace(phase="power" if state.power_draws else "bonus", places_left=1, may_discard=True)
    if state.phase == "power" and not _can_draw(state):
        state = state._replace(phase="bonus", power_draws=0)
    return state, events


def _notion_place(state: ShodanState, notion: str) -> int | None:
    for i, t in enumerate(state.techniques):
        if any(c == notion for c, _ in t.notions):
            return i
    return None


def _set_notion(state: ShodanState, index: int, notion: str, used: bool) -> ShodanState:
    tech = state.techniques[index]
    notions = tuple((c, used if c == notion else u) for c, u in tech.notions)
    return state._replace(techniques=_with_seat(state.techniques, index, tech._replace(notions=notions)))


# ---------------------------------------------------------------------- drawing
def _take_face_down(state: ShodanState, seat: int, ci: int, action: Mapping[str, Any], private_key: str,
                    events: list[Event]) -> ShodanState:
    """A card off pile ``ci``'s face-down stack into ``seat``'s hand: named when the action
    says which (told to the seat alone, under ``private_key``), else an unknown card."""
    pile = PILES[ci]
    if state.draw[ci] == 0:
        raise Rejected("pile_empty", pile=pile)
    if action.get("card") is not None:
        card = _card(action)
        if cards()[card].colour != pile or card not in unseen(state, pile):
            raise Rejected("not_in_pile", card=card, pile=pile)
        state = _give(state, seat, card)
        events.append(Event(seat, private_key, {"seat": seat, "card": card}))
    else:
        state = _give_unknown(state, seat, pile)
    return state._replace(draw=_with_seat(state.draw, ci, state.draw[ci] - 1))


def _can_draw(state: ShodanState) -> bool:
    return any(state.draw) or any(state.face_up)


def _act_draw(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    _my_turn(state, seat, ("draft", "power", "refill"))
    ci = _pile(action)
    pile = PILES[ci]
    face_up = action.get("face_up", False) is True
    events: list[Event] = []
    if face_up:
        if state.phase == "draft":
            raise Rejected("draft_face_down")
        if not state.face_up[ci]:
            raise Rejected("pile_empty", pile=pile)
        card = state.face_up[ci][-1]
        state = state._replace(face_up=_with_seat(state.face_up, ci, state.face_up[ci][:-1]))
        state = _give(state, seat, card)
        events.append(Event("all", "take", {"seat": seat, "card": card}))
    else:
        state = _take_face_down(state, seat, ci, action, "drawn", events)
        events.insert(0, Event("all", "draw", {"seat": seat, "pile": pile}))
        state = _check_last_round(state, seat, events)
    if state.phase == "draft":
        return _draft_step(state, events), events
    if state.phase == "power":
        state = state._replace(power_draws=state.power_draws - 1)
        if state.power_draws == 0 or not _can_draw(state):
            state = state._replace(phase="bonus", power_draws=0)
        return state, events
    return _to_refill(state, events), events


def _act_see(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    seat = _seat(state, action)
    card = _card(action)
    ci = PILES.index(cards()[card].colour)
    if state.unknown[seat][ci] == 0 or card in located(state):
        raise Rejected("cannot_hold", seat=seat, card=card)
    state = _give(_take_from_hand(state, seat, card), seat, card)
    return state, [Event(seat, "seen", {"seat": seat, "card": card})]


def _check_last_round(state: ShodanState, seat: int, events: list[Event]) -> ShodanState:
    """SH15: the first empty draw pile declares the last round."""
    if state.final_turns is not None or all(state.draw):
        return state
    pile = PILES[state.draw.index(0)]
    if state.phase == "draft" or state.opts["last_round"] == "everyone":
        turns = state.players
    else:
        turns = (state.opts["first"] - 1 - seat) % state.players
    events.append(Event("all", "last_round", {"seat": seat, "pile": pile}))
    return state._replace(final_turns=turns)


def _draft_step(state: ShodanState, events: list[Event]) -> ShodanState:
    left = state.draft_left - 1
    if left > 0 and _can_draw(state):
        turn = state.turn
        if state.opts["initial_draw"] == "round_robin" or hand_count(state, turn) >= HAND_SIZE:
            turn = (turn + 1) % state.players
        return state._replace(draft_left=left, turn=turn)
    state = state._replace(draft_left=0, turn=state.opts["first"], phase="main")
    if state.final_turns is not None:
        state = state._replace(final_turns=state.final_turns - 1)
    events.append(Event("all", "turn", {"seat": state.turn}))
    return state


def _after_bonus_step(state: ShodanState, events: list[Event]) -> ShodanState:
    if state.places_left > 0 or state.may_discard:
        return state
    return _to_refill(state, events)


def _to_refill(state: ShodanState, events: list[Event]) -> ShodanState:
    """Draw up to the hand size (SH12-13), or end the turn when full or nothing is left."""
    seat = state.turn
    state = state._replace(places_left=0, may_discard=False, power_draws=0)
    if hand_count(state, seat) < state.hand_size[seat] and _can_draw(state):
        return state._replace(phase="refill")
    return _end_turn(state, events)


def _end_turn(state: ShodanState, events: list[Event]) -> ShodanState:
    if state.final_turns == 0:
        return _finish(state, events)
    nxt = (state.turn + 1) % state.players
    final = None if state.final_turns is None else state.final_turns - 1
    events.append(Event("all", "turn", {"seat": nxt}))
    return state._replace(turn=nxt, phase="main", final_turns=final)


def _finish(state: ShodanState, events: list[Event]) -> ShodanState:
    """The jury's verdict and the prestige count (SH16-17)."""
    grade = state.opts["grade"]
    passed = [s for s in range(state.players) if admitted(state, s)]
    for s in range(state.players):
        key = "admitted" if s in passed else "not_admitted"
        events.append(Event("all", key, {"seat": s, "grade": grade}))
    for s in range(state.players):
        p = prestige(state, s)
        params = {"seat": s, "n": p["total"], **{k: p[k] for k in ("cards", "uke", "firsts", "minima")}}
        events.append(Event("all", "prestige", params))
    pool = passed if passed and state.opts["major_among"] == "admitted" else list(range(state.players))
    best = max(prestige(state, s)["total"] for s in pool)
    winners = tuple(s for s in pool if prestige(state, s)["total"] == best)
    events.append(Event("all", "major", {"seats": list(winners), "n": best}))
    return state._replace(phase="over", winners=winners)


# ---------------------------------------------------------------------- setup
def _act_setup(state: ShodanState, action: Mapping[str, Any]) -> tuple[ShodanState, list[Event]]:
    if state.phase != "setup":
        raise Rejected("already_set_up")
    objective = action.get("objective")
    if not isinstance(objective, str) or objective not in cards() or cards()[objective].kind != "objective":
        raise Rejected("unknown_objective", card=str(objective))
    given = action.get("face_up")
    if not isinstance(given, list) or len(given) != len(PILES):
        raise Rejected("setup_face_up")
    ups = [_card({"card": c}) for c in given]
    if sorted(PILES.index(cards()[c].colour) for c in ups) != list(range(len(PILES))):
        raise Rejected("setup_face_up")
    face_up = tuple((next(c for c in ups if cards()[c].colour == p),) for p in PILES)
    draw = tuple(n - 1 for n in state.draw)
    state = state._replace(objective=objective, face_up=face_up, draw=draw, phase="draft")
    events = [Event("all", "setup", {"card": objective, "cards": [f[0] for f in face_up]})]
    events += [Event("all", "jury_entry", {"position": first_of("position", p),
                                           "attack": first_of("attack", a),
                                           "technique_card": first_of("technique", t)})
               for p, a, t in jury(objective)]
    events.append(Event("all", "draft", {"seat": state.turn}))
    return state, events


def _setup_example(rng: random.Random) -> dict[str, Any]:
    info = cards()
    objectives = sorted(c for c, i in info.items() if i.kind == "objective")
    ups = []
    for pile in PILES:
        ids = sorted(c for c in action_cards() if info[c].colour == pile)
        rng.shuffle(ids)
        ups.append(ids[0])
    return {"type": "setup", "objective": rng.choice(objectives), "face_up": ups}


_HANDLERS = {
    "setup": _act_setup, "draw": _act_draw, "see": _act_see, "place": _act_place, "discard": _act_discard,
    "uke": _act_uke, "interactive": _act_interactive, "activate": _act_activate, "close": _act_close,
    "done": _act_done, "pass": _act_pass,
}


# ---------------------------------------------------------------------- legal choices
def _legal(state: ShodanState, seat: int) -> list[dict[str, Any]]:
    if state.phase == "over":
        return []
    if state.phase == "setup":
        if seat != 0:
            return []
        return [_setup_example(random.Random(f"{state.opts['seed']}-{n}")) for n in range(3)]
    if seat != state.turn:
        return []
    out: list[dict[str, Any]] = []
    if state.phase in ("draft", "power", "refill"):
        for i, pile in enumerate(PILES):
            if state.draw[i]:
                out.append({"type": "draw", "seat": seat, "pile": pile})
            if state.face_up[i] and state.phase != "draft":
                out.append({"type": "draw", "seat": seat, "pile": pile, "face_up": True})
        if state.phase == "refill":
            out += _closes(state, seat)
        return out
    if state.phase == "bonus":
        if state.places_left:
            out += _placements(state, seat)
        if state.may_discard:
            out += [{"type": "discard", "seat": seat, "card": c} for c in _hand_options(state, seat)]
        return out + _closes(state, seat) + [{"type": "done", "seat": seat}]
    out = _main_choices(state, seat, include_close=False)
    return out + _closes(state, seat) if out else [*_closes(state, seat), {"type": "pass", "seat": seat}]


def _valid(state: ShodanState, action: dict[str, Any]) -> bool:
    try:
        _HANDLERS[action["type"]](state, action)
    except Rejected:
        return False
    return True


def _closes(state: ShodanState, seat: int) -> list[dict[str, Any]]:
    return [{"type": "close", "seat": seat, "technique": n} for n, t in enumerate(state.techniques, start=1)
            if t.owner == seat and not t.closed and technique_key(t) is not None]


def _placements(state: ShodanState, seat: int) -> list[dict[str, Any]]:
    out = []
    targets: list[int | None] = [None] + [i for i, t in enumerate(state.techniques) if not t.closed]
    for card in _hand_options(state, seat):
        for index in targets:
            action: dict[str, Any] = {"type": "place", "seat": seat, "card": card}
            try:
                _check_target(state, seat, index)
                if index is None:
                    _check_new(state, seat)
                _placed(None if index is None else state.techniques[index], card, seat,
                        state.opts["core_order"] == "strict")
            except Rejected:
                continue
            if index is not None:
                action["technique"] = index + 1
            out.append(action)
    return out


def _main_choices(state: ShodanState, seat: int, include_close: bool) -> list[dict[str, Any]]:
    hand = _hand_options(state, seat)
    out = _placements(state, seat)
    out += [{"type": "discard", "seat": seat, "card": c} for c in hand]
    if include_close:
        out += _closes(state, seat)
    free = state.uke_of[seat] is None and _tori_of(state, seat) is None
    if free:
        for i, t in enumerate(state.techniques):
            if t.owner != seat and not t.closed:
                tries = [{"type": "uke", "seat": seat, "technique": i + 1, "card": c} for c in hand]
                out += [a for a in tries if _valid(state, a)]
    if state.uke_of[seat] is not None:
        return out
    info = cards()
    for c in hand:
        effect = info[c].effect
        if info[c].kind != "interactive":
            continue
        tries: list[dict[str, Any]] = []
        base = {"type": "interactive", "seat": seat, "card": c}
        if effect == "STAGE":
            tries.append(base)
        elif effect == "HAKAMA":
            tries += [{**base, "technique": i + 1, "target": x} for i, t in enumerate(state.techniques)
                      for x in t.order]
        elif effect == "KAESHI":
            tries += [{**base, "technique": i + 1} for i in range(len(state.techniques))]
        else:
            for q in range(state.players):
                if q == seat:
                    continue
                asks = _hand_options(state, q)
                tries += [{**base, "partner": q, "ask": a, "given": True, "technique": i + 1}
                          for a in asks for i, t in enumerate(state.techniques) if t.owner == seat]
                tries += [{**base, "partner": q, "ask": a, "given": False} for a in asks[:1]]
        out += [a for a in tries if _valid(state, a)]
    for t in state.techniques:
        if t.owner != seat:
            continue
        for notion, used in t.notions:
            if used:
                continue
            base = {"type": "activate", "seat": seat, "notion": notion}
            power = info[notion].power
            if power == "MAAI":
                tries = [{**base, "target": n} for tt in state.techniques if tt.owner == seat
                         for n, u in tt.notions if u]
            elif power == "ATEMI":
                tries = [{**base, "victim": q, "card": c} for q in range(state.players) if q != seat
                         for c in _hand_options(state, q)]
            else:
                tries = [base]
            out += [a for a in tries if _valid(state, a)]
    return out


GAME = register(Shodan())
