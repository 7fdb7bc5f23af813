"""Named reasons for every "can't" the engine can answer.

Each value is stable (used in scenario expectations and the API); `explain()` gives the
sentence shown to people. Add new members rather than reusing one with a different meaning.
"""
from __future__ import annotations

from enum import Enum


class ReasonCode(str, Enum):
    """Base of every game's enum of reasons (no members of its own): a stable value for the API and
    scenario expectations. Sorcery's are `Reason`; each other game keeps its own enum beside its
    engine (e.g. `codex.engine.contracts.reasons.ContractsReason`), so the games' lists stay apart
    and the shared errors (`IllegalAction`) take any of them."""


class Reason(ReasonCode):
    # who may act
    NOT_ACTIVE_PLAYER = "not_active_player"
    NOT_CONTROLLER = "not_controller"
    NO_SUCH_ABILITY = "no_such_ability"
    ABILITY_LOST = "ability_lost"
    FORBIDDEN = "forbidden"
    TAPPED = "tapped"
    NOTHING_TO_TAP = "nothing_to_tap"
    SUMMONING_SICKNESS = "summoning_sickness"
    DISABLED = "disabled"
    UNIT_GONE = "unit_gone"
    # movement
    IMMOBILE = "immobile"
    BURROWED_SAFELY = "burrowed_safely"
    NO_STEPS_LEFT = "no_steps_left"
    REPEATED_STEP = "repeated_step"
    NOT_AT_STEP_START = "not_at_step_start"
    NOT_ADJACENT = "not_adjacent"
    DIAGONAL_NEEDS_AIRBORNE = "diagonal_needs_airborne"
    AIRBORNE_ONLY_ON_SURFACE = "airborne_only_on_surface"
    NO_SUCH_LOCATION = "no_such_location"
    VOID_NEEDS_VOIDWALK = "void_needs_voidwalk"
    UNDERGROUND_NEEDS_BURROWING = "underground_needs_burrowing"
    UNDERWATER_NEEDS_SUBMERGE = "underwater_needs_submerge"
    AVATAR_SURFACE_ONLY = "avatar_surface_only"
    CANNOT_ENTER = "cannot_enter"
    CANNOT_TRAVERSE = "cannot_traverse"
    CANNOT_MOVE = "cannot_move"
    SAME_LOCATION = "same_location"
    # attack
    NOT_AT_LOCATION = "not_at_location"
    NOT_AN_ENEMY = "not_an_enemy"
    SITE_NOT_ON_SURFACE = "site_not_on_surface"
    AIRBORNE_TARGET = "airborne_target"
    STEALTH_TARGET = "stealth_target"
    NO_SITE_THERE = "no_site_there"
    # defend / intercept
    OUT_OF_RANGE_OF_MOTION = "out_of_range_of_motion"
    ATTACKER_HAS_STEALTH = "attacker_has_stealth"
    NOT_AN_ATTACK = "not_an_attack"
    NOT_MOVE_AND_ATTACK = "not_move_and_attack"
    ENEMY_ATTACKED = "enemy_attacked"
    NOT_AT_FINAL_LOCATION = "not_at_final_location"
    MOVER_HAS_STEALTH = "mover_has_stealth"
    AIRBORNE_NEEDS_AIRBORNE_OR_RANGED = "airborne_needs_airborne_or_ranged"
    DEFENDER_PATH_INVALID = "defender_path_invalid"
    SAME_SIDE = "same_side"
    # damage / strikes
    BAD_DAMAGE_SPLIT = "bad_damage_split"
    # projectiles
    NO_RANGED = "no_ranged"
    # casting
    NOT_SPELLCASTER = "not_spellcaster"
    WRONG_ELEMENT_SPELLCASTER = "wrong_element_spellcaster"
    EXCLUDED_ELEMENT_SPELLCASTER = "excluded_element_spellcaster"
    NOT_ENOUGH_MANA = "not_enough_mana"
    NOT_ENOUGH_LIFE = "not_enough_life"
    NO_ALTERNATIVE_COST = "no_alternative_cost"
    NOT_ENOUGH_THRESHOLD = "not_enough_threshold"
    NOT_YOUR_SITE = "not_your_site"
    BAD_SUMMONING_LOCATION = "bad_summoning_location"
    BAD_AURA_AREA = "bad_aura_area"
    TARGET_OTHER_REGION = "target_other_region"
    NOT_MAIN_PHASE = "not_main_phase"
    # sites
    SQUARE_OCCUPIED = "square_occupied"
    NOT_ADJACENT_TO_OWN_SITE = "not_adjacent_to_own_site"
    NOT_WHERE_ITS_TEXT_SAYS = "not_where_its_text_says"
    EMPTY_ATLAS = "empty_atlas"
    NOT_NEAREST_AVATAR = "not_nearest_avatar"
    AVATAR_ONLY = "avatar_only"
    # artifacts and carrying
    CANNOT_CARRY_UNITS = "cannot_carry_units"
    CANNOT_CARRY_THAT = "cannot_carry_that"
    CARRY_LIMIT = "carry_limit"
    NOT_AN_ALLY = "not_an_ally"
    NOT_HERE = "not_here"
    ALREADY_CARRIED = "already_carried"
    NOT_CARRIABLE = "not_carriable"
    NOT_CARRYING = "not_carrying"
    HELD_BY_EFFECT = "held_by_effect"
    ARTIFACT_GONE = "artifact_gone"
    ALREADY_USED = "already_used"
    INTERACTED = "interacted"
    # forced and limited movement, oversized units
    WRONG_DIRECTION = "wrong_direction"
    NO_PATH = "no_path"
    AREA_OFF_REALM = "area_off_realm"
    NOT_COVERED = "not_covered"
    # mandatory actions
    MANDATORY_ACTION_FIRST = "mandatory_action_first"
    MUST_ATTACK = "must_attack"
    # effects
    AVATAR_UNAFFECTED = "avatar_unaffected"
    NOT_A_LEGAL_TARGET = "not_a_legal_target"
    NO_LEGAL_TARGET = "no_legal_target"
    TOO_MANY_REPETITIONS = "too_many_repetitions"
    # zones, the draw, the opening
    NOT_IN_HAND = "not_in_hand"
    NOT_IN_ZONE = "not_in_zone"
    NOT_FROM_ZONE = "not_from_zone"
    DRAW_SPLIT = "draw_split"
    FIRST_TURN_NO_DRAW = "first_turn_no_draw"
    MUST_FIND = "must_find"
    HIDDEN = "hidden"
    AVATAR_STAYS = "avatar_stays"
    GAME_STARTED = "game_started"
    NOT_SETUP = "not_setup"
    ALREADY_DECIDED = "already_decided"
    MULLIGAN_ORDER = "mulligan_order"
    MULLIGAN_TOO_MANY = "mulligan_too_many"
    NOT_SECOND_PLAYER = "not_second_player"
    # deck construction
    DECK_AVATAR = "deck_avatar"
    DECK_TOO_SMALL = "deck_too_small"
    TOO_MANY_COPIES = "too_many_copies"
    WRONG_DECK = "wrong_deck"
    TOKEN_IN_DECK = "token_in_deck"
    # game
    GAME_OVER = "game_over"
    # questions
    NOT_APPLICABLE = "not_applicable"


_EXPLAIN: dict[Reason, str] = {
    Reason.NOT_ACTIVE_PLAYER: "only the active player may do this now",
    Reason.NOT_CONTROLLER: "only the unit's controller may use its abilities",
    Reason.NO_SUCH_ABILITY: "the card has no such activated ability",
    Reason.ABILITY_LOST: "the unit has lost that ability (an effect took it away): it cannot use it",
    Reason.FORBIDDEN: "an ongoing effect of a card forbids it",
    Reason.TAPPED: "the card is tapped",
    Reason.NOTHING_TO_TAP: "the cost taps a card its words name (\"Tap an allied Faerie here\"), and none is there to tap",
    Reason.SUMMONING_SICKNESS: "a minion with summoning sickness cannot tap to pay for an ability",
    Reason.DISABLED: "the unit is disabled and cannot use its abilities",
    Reason.UNIT_GONE: "the unit is no longer in the realm",
    Reason.IMMOBILE: "an Immobile unit cannot take steps",
    Reason.BURROWED_SAFELY: "a minion burrowed safely cannot move itself while it is there",
    Reason.NO_STEPS_LEFT: "the unit has no steps left",
    Reason.REPEATED_STEP: "a declared path may not repeat a specific step",
    Reason.NOT_AT_STEP_START: "the unit is not where this declared step begins",
    Reason.NOT_ADJACENT: "the two locations are not adjacent",
    Reason.DIAGONAL_NEEDS_AIRBORNE: "only an Airborne unit may step diagonally",
    Reason.AIRBORNE_ONLY_ON_SURFACE: "Airborne only works on the surface",
    Reason.NO_SUCH_LOCATION: "that location does not exist in the realm",
    Reason.VOID_NEEDS_VOIDWALK: "only a unit with Voidwalk may step into or through the void",
    Reason.UNDERGROUND_NEEDS_BURROWING: "only a unit with Burrowing may step to or through underground locations",
    Reason.UNDERWATER_NEEDS_SUBMERGE: "only a unit with Submerge may step to or through underwater locations",
    Reason.AVATAR_SURFACE_ONLY: "an Avatar may never enter a region other than the surface",
    Reason.CANNOT_ENTER: "an ongoing effect forbids this unit from entering that location",
    Reason.CANNOT_TRAVERSE: "an ongoing effect forbids this unit from traversing the border between those squares",
    Reason.CANNOT_MOVE: "an ongoing effect forbids this unit from moving (there, or that way)",
    Reason.SAME_LOCATION: "moving to the same location is not moving",
    Reason.NOT_AT_LOCATION: "you may only attack at your location",
    Reason.NOT_AN_ENEMY: "you may only attack enemy units or enemy sites",
    Reason.SITE_NOT_ON_SURFACE: "only the surface of a site can be attacked",
    Reason.AIRBORNE_TARGET: "an Airborne unit cannot be targeted by attacks unless the attacker also has Airborne",
    Reason.STEALTH_TARGET: "a minion with Stealth cannot be targeted by its opponents",
    Reason.NO_SITE_THERE: "there is no site there",
    Reason.OUT_OF_RANGE_OF_MOTION: "the location is not within the unit's range of motion",
    Reason.ATTACKER_HAS_STEALTH: "attacks by a minion with Stealth cannot be defended",
    Reason.NOT_AN_ATTACK: "only attacks can be defended",
    Reason.NOT_MOVE_AND_ATTACK: "only Move and Attack can trigger Intercept",
    Reason.ENEMY_ATTACKED: "the enemy attacked, so it may be defended but not intercepted",
    Reason.NOT_AT_FINAL_LOCATION: "interceptors must already be at the enemy's final location",
    Reason.MOVER_HAS_STEALTH: "units with Stealth cannot be intercepted",
    Reason.AIRBORNE_NEEDS_AIRBORNE_OR_RANGED: "an Airborne unit can only be intercepted by units with Airborne or Ranged",
    Reason.DEFENDER_PATH_INVALID: "the defender's declared path does not reach the attack's location",
    Reason.SAME_SIDE: "a unit cannot defend against or intercept its own side",
    Reason.BAD_DAMAGE_SPLIT: "the damage assigned must equal the strike's power, among the struck units",
    Reason.NO_RANGED: "the unit has no Ranged ability",
    Reason.NOT_SPELLCASTER: "only a Spellcaster may cast spells",
    Reason.WRONG_ELEMENT_SPELLCASTER: "this Spellcaster may only cast spells of its element",
    Reason.EXCLUDED_ELEMENT_SPELLCASTER: "this Spellcaster may not cast spells of that element",
    Reason.NOT_ENOUGH_MANA: "not enough mana to pay the cost",
    Reason.NOT_ENOUGH_LIFE: "not enough life to pay the cost (a player pays only life they have; none at death's door)",
    Reason.NO_ALTERNATIVE_COST: "the spell's text offers no alternative cost to pay instead of its mana cost",
    Reason.NOT_ENOUGH_THRESHOLD: "not enough elemental affinity for the threshold",
    Reason.NOT_YOUR_SITE: "that location is not at a site you control",
    Reason.BAD_SUMMONING_LOCATION: "that is not a legal summoning or conjuring location for this spell",
    Reason.BAD_AURA_AREA: "an aura occupies a 2x2 area inside the realm",
    Reason.TARGET_OTHER_REGION: "spells can only target things in the Spellcaster's region",
    Reason.NOT_MAIN_PHASE: "this can only be done in the active player's main phase",
    Reason.SQUARE_OCCUPIED: "a site must be played on a void or on rubble",
    Reason.NOT_ADJACENT_TO_OWN_SITE: "a site must be played adjacent to a site you control",
    Reason.NOT_WHERE_ITS_TEXT_SAYS: "its own text says where it must be played, and this is not such a place",
    Reason.EMPTY_ATLAS: "the atlas has no site to play",
    Reason.NOT_NEAREST_AVATAR: "with no sites, a site must be played as close as possible to your Avatar",
    Reason.AVATAR_ONLY: "only an Avatar plays sites with its ability",
    Reason.CANNOT_CARRY_UNITS: "this unit has no ability to carry units",
    Reason.CANNOT_CARRY_THAT: "this unit's carrying ability does not allow carrying that unit",
    Reason.CARRY_LIMIT: "the unit already carries as many units as its ability allows",
    Reason.NOT_AN_ALLY: "a unit can only carry its allies",
    Reason.NOT_HERE: "it is not at a location this unit occupies",
    Reason.ALREADY_CARRIED: "it is already being carried",
    Reason.NOT_CARRIABLE: "it cannot be carried",
    Reason.NOT_CARRYING: "this unit is not carrying it",
    Reason.HELD_BY_EFFECT: "an effect makes this unit carry it: the effect, not Drop, says when it lets go",
    Reason.ARTIFACT_GONE: "the artifact is no longer in the realm",
    Reason.ALREADY_USED: "each unit can use this ability only once per turn",
    Reason.INTERACTED: "a unit that has interacted with the realm this turn cannot use Drop",
    Reason.WRONG_DIRECTION: "this unit can only move itself in the direction its ability allows",
    Reason.NO_PATH: "there is no valid path to that location",
    Reason.AREA_OFF_REALM: "the unit's area would not fit in the realm",
    Reason.NOT_COVERED: "the unit would not occupy the destination from that position",
    Reason.MANDATORY_ACTION_FIRST: "a mandatory action must be resolved before anything else in the main phase",
    Reason.MUST_ATTACK: "this unit can attack a unit it must attack, so it must attack it",
    Reason.AVATAR_UNAFFECTED: "an Avatar cannot be destroyed, banished or sacrificed unless the effect names Avatars",
    Reason.NOT_A_LEGAL_TARGET: "the declared target is not one the card's words allow",
    Reason.NO_LEGAL_TARGET: "a spell or ability that targets needs a legal target to declare, and there is none",
    Reason.TOO_MANY_REPETITIONS: "more repetitions than the card's words allow (\"twice\", \"once\")",
    Reason.NOT_IN_HAND: "that card is not in the player's hand",
    Reason.NOT_IN_ZONE: "that card is not in that zone",
    Reason.NOT_FROM_ZONE: "spells are cast from the hand, unless an effect lets them be cast from elsewhere",
    Reason.DRAW_SPLIT: "the cards drawn from each deck must add up to the number drawn",
    Reason.FIRST_TURN_NO_DRAW: "the first player does not draw a card on the first turn of the game",
    Reason.MUST_FIND: "searching a public zone, you must find what you search for if it is there",
    Reason.HIDDEN: "those cards are hidden from that player",
    Reason.AVATAR_STAYS: "an Avatar cannot be banished or leave the realm",
    Reason.GAME_STARTED: "the game has already begun",
    Reason.NOT_SETUP: "this is done only while setting up the game",
    Reason.ALREADY_DECIDED: "the player has already decided on their opening hand",
    Reason.MULLIGAN_ORDER: "the first player decides on a mulligan before the second player",
    Reason.MULLIGAN_TOO_MANY: "a mulligan puts back at most three cards",
    Reason.NOT_SECOND_PLAYER: "only the second player may do this, after the mulligans",
    Reason.DECK_AVATAR: "a deck has exactly one Avatar",
    Reason.DECK_TOO_SMALL: "a deck is smaller than its format's minimum",
    Reason.TOO_MANY_COPIES: "a deck has more copies of a card than its rarity allows",
    Reason.WRONG_DECK: "a card is in the wrong deck (spells in the spellbook, sites in the atlas)",
    Reason.TOKEN_IN_DECK: "tokens are never part of a deck",
    Reason.GAME_OVER: "the game is already over",
    Reason.NOT_APPLICABLE: "that word does not apply to what was named",
}


#: What a legality check found: the reason it forbids something and the id of the rule that says so,
#: or None when nothing forbids it.
Found = tuple[Reason, str] | None


#: Rules a reason always rests on, besides the rule that found it: whatever disabled a unit
#: (an effect, Waterbound, Landbound) is the deciding rule, and "Disabled" says what that means;
#: a passive ability that forbids entering is an ongoing effect.
IMPLIED_RULES: dict[ReasonCode, tuple[str, ...]] = {
    Reason.DISABLED: ("disabled", "ability"),
    Reason.CANNOT_ENTER: ("ongoing-effect.entry", "passive-ability"),
    Reason.CANNOT_TRAVERSE: ("traverse.means", "passive-ability"),
    Reason.CANNOT_MOVE: ("can-vs-cant", "passive-ability"),
    Reason.MOVER_HAS_STEALTH: ("stealth",)}


#: What a deciding rule always rests on, whatever the reason: an attack is refused as targeting
#: because the defender "has been targeted and attacked" by an ability, under an ongoing effect.
IMPLIED_BY_RULE: dict[str, tuple[str, ...]] = {
    "attack.targets": ("attack.made", "ability", "ongoing-effect")}


def found_rules(found: tuple[ReasonCode, str]) -> tuple[str, ...]:
    """The rule ids to cite for a found reason: its deciding rule first, then the implied ones."""
    reason, rule = found
    return tuple(dict.fromkeys((rule,) + IMPLIED_BY_RULE.get(rule, ()) + IMPLIED_RULES.get(reason, ())))


def explain(reason: Reason) -> str:
    """The sentence for a reason."""
    return _EXPLAIN[reason]
