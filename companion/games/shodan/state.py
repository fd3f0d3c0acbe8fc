"""Shodan's state: options, card facts, techniques, the immutable state and what each seat holds."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from card_codes import load_deck
from companion.engine import Option, Rejected

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
    Option("kaeshi_notion", "ever", "Kaeshi waza needs a technique with no notion on it now (the digest's "
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
    Option("uke_may", "place_only", "While engaged, an uke may only place on the common technique (a "
           "discard only when no card of his fits it), as the text's 'ne pourras faire autre chose tant que "
           "la technique n'est pas validée' says; or also discard (the digest's exchange). Its owner gets "
           "the card points.", ("place_only", "place_or_discard"), "SH8"),
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

    def in_slot(self, slot: str) -> str | None:
        """The card in one of the four slots (position, attack, technique, form), if any."""
        return {"position": self.position, "attack": self.attack, "technique": self.technique,
                "form": self.form}.get(slot)


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


def with_seat(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    out = list(values)
    out[seat] = value
    return tuple(out)


def take_from_hand(state: ShodanState, seat: int, card: str) -> ShodanState:
    """The state with `card` out of `seat`'s hand; Rejected if he cannot hold it."""
    if card in state.known[seat]:
        known = list(state.known[seat])
        known.remove(card)
        return state._replace(known=with_seat(state.known, seat, tuple(known)))
    ci = PILES.index(cards()[card].colour)
    if state.unknown[seat][ci] > 0 and card not in located(state):
        unknown = with_seat(state.unknown[seat], ci, state.unknown[seat][ci] - 1)
        return state._replace(unknown=with_seat(state.unknown, seat, unknown))
    raise Rejected("not_in_hand", seat=seat, card=card)


def give_card(state: ShodanState, seat: int, card: str) -> ShodanState:
    return state._replace(known=with_seat(state.known, seat, (*state.known[seat], card)))


def give_unknown(state: ShodanState, seat: int, colour: str) -> ShodanState:
    ci = PILES.index(colour)
    unknown = with_seat(state.unknown[seat], ci, state.unknown[seat][ci] + 1)
    return state._replace(unknown=with_seat(state.unknown, seat, unknown))


def to_face_up(state: ShodanState, card: str) -> ShodanState:
    ci = PILES.index(cards()[card].colour)
    return state._replace(face_up=with_seat(state.face_up, ci, (*state.face_up[ci], card)))


def hand_options(state: ShodanState, seat: int) -> list[str]:
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


def tech_view(tech: Technique, number: int) -> dict[str, Any]:
    return {"number": number, "owner": tech.owner, "position": tech.position, "attack": tech.attack,
            "technique": tech.technique, "form": tech.form,
            "notions": [{"card": c, "activated": used} for c, used in tech.notions],
            "order": list(tech.order), "closed": tech.closed, "uke": tech.uke, "key": technique_key(tech),
            "points": tech_points(tech)}


# ---------------------------------------------------------------------- action parsing
def seat_field(state: ShodanState, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = action.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise Rejected("bad_seat", value=str(seat))
    return seat


def card_field(action: Mapping[str, Any], key: str = "card", kinds: tuple[str, ...] = ()) -> str:
    card = action.get(key)
    if not isinstance(card, str) or card not in cards() or cards()[card].kind == "objective":
        raise Rejected("unknown_card", card=str(card))
    if kinds and cards()[card].kind not in kinds:
        raise Rejected("wrong_kind", card=card)
    return card


def tech_index(state: ShodanState, action: Mapping[str, Any], key: str = "technique") -> int:
    n = action.get(key)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(state.techniques):
        raise Rejected("unknown_technique", value=str(n))
    return n - 1


def pile_field(action: Mapping[str, Any]) -> int:
    pile = action.get("pile")
    if pile not in PILES:
        raise Rejected("unknown_pile", value=str(pile))
    return PILES.index(pile)


# why an action waits, by the phase the turn is in (every code named, so the set of refusals is closed)
PHASE_REASONS = {"setup": "phase_setup", "draft": "phase_draft", "main": "phase_main", "bonus": "phase_bonus",
                 "power": "phase_power", "refill": "phase_refill", "over": "phase_over"}


def my_turn(state: ShodanState, seat: int, phases: tuple[str, ...]) -> None:
    if seat != state.turn:
        raise Rejected("not_turn", seat=state.turn)
    if state.phase == "refill" and "refill" not in phases:  # the turn's action is spent: say so (SH2)
        raise Rejected("one_action_a_turn")
    if state.phase not in phases:
        raise Rejected(PHASE_REASONS[state.phase], seat=seat)


def tori_of(state: ShodanState, seat: int) -> int | None:
    """The open technique `seat` owns with an uke on it (he may play only there)."""
    for i, t in enumerate(state.techniques):
        if t.owner == seat and t.uke is not None and not t.closed:
            return i
    return None


def can_draw(state: ShodanState) -> bool:
    return any(state.draw) or any(state.face_up)
