"""Named reasons for every "can't" of the Contracts engine.

A separate enum from Sorcery's `Reason`, on the same base (`ReasonCode`), so the shared errors
take either and each game's list stays its own (docs/contracts.md has the table; a test keeps it
equal to this enum). Values are stable: scenario expectations and the API use them.
"""
from __future__ import annotations

from codex.engine.reasons import ReasonCode


class ContractsReason(ReasonCode):
    # whose turn, which moment
    NOT_ACTIVE_PLAYER = "not_active_player"
    NOT_MAIN_PHASE = "not_main_phase"
    NOT_START_OF_TURN = "not_start_of_turn"
    START_FIRST = "start_first"
    NOT_SETUP = "not_setup"
    GAME_OVER = "game_over"
    # acting
    ALREADY_ACTED = "already_acted"
    PLAYED_THIS_TURN = "played_this_turn"
    IMPETUS_ONLY_CREATURES = "impetus_only_creatures"
    NO_ATTACK_VALUE = "no_attack_value"
    NOT_CONTROLLER = "not_controller"
    GONE = "gone"
    # targets
    NOT_AN_OPPONENT = "not_an_opponent"
    MUST_ATTACK_MAGNETIZED = "must_attack_magnetized"
    FOG = "fog"
    NOT_A_LEGAL_TARGET = "not_a_legal_target"
    # playing contracts
    NOT_IN_HAND = "not_in_hand"
    NOT_ENOUGH_MANA = "not_enough_mana"
    BAD_PAYMENT = "bad_payment"
    LINE_FULL = "line_full"
    BAD_POSITION = "bad_position"
    NO_RUNE = "no_rune"
    RUNE_USED = "rune_used"
    NO_ACTIVATION = "no_activation"
    NO_ORB = "no_orb"
    ORB_USED = "orb_used"
    # drawing
    DRAW_COUNT = "draw_count"
    SPECIAL_DRAW_USED = "special_draw_used"
    NOT_SEEN = "not_seen"
    # the turn's mana
    TOO_MANY_EXTRACTORS = "too_many_extractors"
    NO_SUCH_EXTRACTOR = "no_such_extractor"
    SAME_COLOUR = "same_colour"
    NO_GREY_LEFT = "no_grey_left"
    EXCHANGE_AT_TEN = "exchange_at_ten"
    NOT_LEFTOVER = "not_leftover"
    NO_FREE_TANK = "no_free_tank"
    # questions
    HIDDEN = "hidden"


_EXPLAIN: dict[ContractsReason, str] = {
    ContractsReason.NOT_ACTIVE_PLAYER: "only the current player may do this now",
    ContractsReason.NOT_MAIN_PHASE: "contracts are played, Creatures act, Runes and Orbs are used only after the draw",
    ContractsReason.NOT_START_OF_TURN: "this is done only at the start of the player's turn",
    ContractsReason.START_FIRST: "the start of the turn (its effects, the extractors) comes before the draw",
    ContractsReason.NOT_SETUP: "this is done only while setting up the game",
    ContractsReason.GAME_OVER: "the game is already over",
    ContractsReason.ALREADY_ACTED: "a Creature (or a player with attack) acts only once per turn",
    ContractsReason.PLAYED_THIS_TURN: "a Creature cannot act in the turn it was played",
    ContractsReason.IMPETUS_ONLY_CREATURES:
        "in the turn it was played, an Impetus Creature may attack only opposing Creatures",
    ContractsReason.NO_ATTACK_VALUE: "a player without an attack value cannot attack",
    ContractsReason.NOT_CONTROLLER: "only its owner may use it",
    ContractsReason.GONE: "it is no longer on the field",
    ContractsReason.NOT_AN_OPPONENT: "only the opponent or the opponent's Creatures can be targeted",
    ContractsReason.MUST_ATTACK_MAGNETIZED:
        "the opponent has Magnetized or Magnetic targets: only those can be attacked",
    ContractsReason.FOG: "a Creature or player with Fog cannot be targeted by Spells",
    ContractsReason.NOT_A_LEGAL_TARGET: "the effect cannot target that",
    ContractsReason.NOT_IN_HAND: "that contract is not in the player's hand",
    ContractsReason.NOT_ENOUGH_MANA: "the full extractors and tanks cannot pay the cost",
    ContractsReason.BAD_PAYMENT: "the declared payment does not pay the cost",
    ContractsReason.LINE_FULL: "the player already has 8 Creatures",
    ContractsReason.BAD_POSITION: "there is no such place in the line",
    ContractsReason.NO_RUNE: "the player has no Rune on the field",
    ContractsReason.RUNE_USED: "a Rune's effect can be used only once per turn",
    ContractsReason.NO_ACTIVATION: "the Rune's activation cost is not known: give it, or write it in its text",
    ContractsReason.NO_ORB: "the player has no Orb on the field",
    ContractsReason.ORB_USED: "an Orb inflicts damage only once per turn",
    ContractsReason.DRAW_COUNT: "a draw looks at 1 to 3 contracts; the special draw at 2 to 4",
    ContractsReason.SPECIAL_DRAW_USED: "the special draw can be used only once per game",
    ContractsReason.NOT_SEEN: "only a contract looked at in this draw can be kept",
    ContractsReason.TOO_MANY_EXTRACTORS: "a player with 10 extractors gains none (they may exchange one)",
    ContractsReason.NO_SUCH_EXTRACTOR: "the player has no extractor of that colour to exchange",
    ContractsReason.SAME_COLOUR: "an extractor is exchanged for one of a different colour",
    ContractsReason.NO_GREY_LEFT: "there is only one grey extractor, and it is taken",
    ContractsReason.EXCHANGE_AT_TEN: "an extractor is exchanged only by a player who already has 10",
    ContractsReason.NOT_LEFTOVER: "a tank is filled only with the mana of an extractor emptied at the end of the turn",
    ContractsReason.NO_FREE_TANK: "there are not that many empty tanks",
    ContractsReason.HIDDEN: "those contracts are not shown to that player",
}


#: What a legality check found: the reason and the id of the rule that decides, or None.
Found = tuple[ContractsReason, str] | None


def explain(reason: ContractsReason) -> str:
    return _EXPLAIN[reason]
