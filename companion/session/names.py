"""The names a player types for seats and cards: "Est", "l'Est", "2"; "Y-P4-V1", "esprit
jaune 4", "3" (a number in the choice a question offers, else in the hand)."""

from __future__ import annotations

from card_codes import try_decode
from companion.cardnames import cards_named, norm, spoken_names
from companion.engine import Rejected
from companion.engine.table import Hints
from companion.language import LANGS, fold
from companion.session.awaiting import question_of
from companion.session.host import Host
from companion.speech.phrasebook import Phrasebook

ARTICLES = ("le", "la", "l", "au", "a", "the", "to")  # "demande au Fantôme"


class Names:
    """Seats and cards from the words typed at the keyboard."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def find_cards(self, word: str) -> list[str]:
        """The cards a typed word names: an id, a payload, a number (in the choice a question
        offers, else in the keyboard's hand), or any name the program says for a card (see
        `cardnames`). A name several cards answer to is narrowed down to the ones offered, else
        the ones I may play now, else the ones in my hand; copies with one name are one card.
        More than one card: the player is asked which. None: no card."""
        host = self.host
        word = word.strip()
        if word.upper() in host.deck:
            return [word.upper()]
        label = try_decode(word.upper(), host.opts.game)
        if not isinstance(label, Exception):
            return [label.card.id]
        if word.isdigit():
            if host.match is None:
                return []
            hand = host.rules.hand_cards(host.match.state, host.me)
            listed = self.numbers() or self.choice_cards() or hand or []  # a question's hand, if it has one
            index = int(word) - 1
            if 0 <= index < len(listed) and listed[index]:  # "": an empty place of a line
                return [listed[index]]
            return []
        return self.narrow(cards_named(host.deck, word))

    def narrow(self, cards: list[str]) -> list[str]:
        """Cards answering to one name: those the player may mean now, one per distinct name.
        Several distinct cards, none of them offered, playable or in my known hand: [""] (the
        player holds no such card: asking which one would only lead to a refusal)."""
        host = self.host
        if len(cards) > 1 and host.match is not None:
            state, me = host.match.state, host.me
            offered = set(self.choice_cards())
            known = host.rules.hand_cards(state, me)
            hand = set(known or [])
            for keep in ((lambda c: c in offered), self.may_play, (lambda c: c in hand)):
                kept = [c for c in cards if keep(c)]
                if kept:
                    cards = kept
                    break
            else:
                if known is not None and len({host.book.card_name(c) for c in cards}) > 1:
                    return [""]
        known = host.rules.hand_cards(host.match.state, host.me) if host.match is not None else None
        place = {card: i for i, card in reversed(list(enumerate(known or [])))}
        by_name: dict[str, str] = {}
        for card in cards:  # copies are one card to the player: the first in my hand stands for them all
            name = host.book.card_name(card)
            if name not in by_name or place.get(card, len(place)) < place.get(by_name[name], len(place)):
                by_name[name] = card
        return list(by_name.values())

    def may_play(self, card: str) -> bool:
        """The keyboard's player may put this card down now (the rules take it)."""
        host = self.host
        question = question_of(host.awaiting)
        if question is not None and not question.card:
            return False  # a question waits: what it offers decides (choice_cards)
        try:
            host.rules.card_action(host.state, card, Hints(host.hints.source, None, host.hints.target,
                                                           host.me))
        except Rejected:
            return False
        return True

    def numbers(self) -> list[str]:
        """The hand a question for me numbers its cards by (as that hand is numbered), if any."""
        question = question_of(self.host.awaiting)
        if question is None or question.card or question.seat not in (None, self.host.me):
            return []
        return list(question.numbers)

    def choice_cards(self) -> list[str]:
        """The cards a question for the keyboard's player offers, in the order it listed them."""
        question = question_of(self.host.awaiting)
        if question is None or question.card or question.seat not in (None, self.host.me):
            return []
        if question.labels:  # listed in the question's own order ("Lequel ? 1 : ..., 2 : ...")
            return list(question.labels)
        return sorted({str(a["card"]) for a in question.choices if "card" in a})

    def which_answer(self, options: list[str], line: str) -> str | None:
        """The card the answer to "Lequel ?" picks: its number in the list, or a name only one
        of them answers to; None: the line is something else (the question is dropped)."""
        host = self.host
        word = line.strip()
        if word.isdigit():
            index = int(word) - 1
            return options[index] if 0 <= index < len(options) else None
        typed = norm(word)
        named = [c for c in options if typed in spoken_names(host.deck.card(c))
                 or typed == norm(host.book.card_name(c))]
        return named[0] if len(named) == 1 else None

    def seat(self, word: str) -> int | None:
        """A seat from its name (the table's own or either language's, accents optional) or its
        number."""
        host = self.host
        words = fold(word.strip()).replace("'", " ").split()
        folded = " ".join(words[1:] if len(words) > 1 and words[0] in ARTICLES else words)
        seats = host.game.seats_of(host.match.state) if host.match else range(host.opts.seats)
        for seat in seats:
            names = {fold(host.book.seat_name(seat))}
            for lang in LANGS:
                other = Phrasebook(lang, host.opts.game, seat_keys=host.game.seat_keys(host.opts.seats))
                names.add(fold(other.seat_name(seat)))
            if folded in names or folded == str(seat + 1):
                return seat
        return None
