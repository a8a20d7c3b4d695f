"""Play random games and print how fast the engine runs.

    python -m tools.simulate --players 4 --games 2000 --seed 1
    python -m tools.simulate --game origins --players 2-4 --games 3000 --check
    python -m tools.simulate --mix new --players 2-6 --check
    python -m tools.simulate --power-up --edition 2011 --players 2-6 --check

Every decision is answered by a uniformly random legal action (dice toggles aside: a random
player rolls with a random set of kept dice instead). ``--players`` is a number or a range
(games cycle through it); ``--game``, ``--edition``, ``--mix`` and ``--cards`` choose the game
type and its deck as the lobby does, ``--power-up`` plays Power Up! (its monsters drawn among
all that have a deck of Evolutions, from each game's seed); ``--check`` checks the
invariants after every action (tools.invariants) and replays each game's log. The last
line is a JSON summary with ``games``, ``games_per_s``, ``decisions_per_s``, ``avg_turns``,
``win_shares`` and more.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import NamedTuple

from bot.i18n import ENGLISH, say
from engine import (
    GAME_RULES,
    GAME_TYPES,
    MIXES,
    POWER_UP_MONSTER_NAMES,
    Action,
    CorruptState,
    IllegalAction,
    Options,
    apply,
    create_game,
    deck_size,
    game_deck,
    playable,
    replay,
)
from engine.players import RandomPlayer
from tools.invariants import check_invariants, dealt


class _Game(NamedTuple):
    turns: int
    decisions: int
    winners: tuple[int, ...]


def _players(text: str) -> range:
    """"4" or "2-4"."""
    low, _, high = text.partition("-")
    try:
        return range(int(low), int(high or low) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players: {text!r}") from None


def _picked(args: argparse.Namespace) -> tuple[str, ...]:
    return tuple(key.strip() for key in args.cards.split(",") if key.strip())


def _options(args: argparse.Namespace) -> Options:
    """The options a lobby would start this game with; ValueError for a choice the game
    type does not offer."""
    picked = _picked(args)
    deck = playable(game_deck(args.game, args.mix, picked))
    if args.mix == "none" and not picked:
        return Options(game=args.game, edition=args.edition, power_up=args.power_up)
    return Options(game=args.game, edition=args.edition, cards=tuple(k for k, _ in deck),
                   copies=tuple(n for _, n in deck), power_up=args.power_up)


def _monsters(options: Options, seed: int, players: int) -> int | tuple[str, ...]:
    """Who plays: the game type's first monsters; with Power Up!, monsters drawn (from the
    game's seed) among all of those that have a deck, so every deck is played."""
    if not options.power_up:
        return players
    return tuple(random.Random(seed).sample(POWER_UP_MONSTER_NAMES, players))


def _play(options: Options, seed: int, players: int, check: bool) -> _Game:
    """One random game; with ``check``, the invariants after every action and its replay."""
    monsters = _monsters(options, seed, players)
    state, _ = create_game(options, seed, monsters)
    player = RandomPlayer(seed)
    log: list[tuple[int, Action]] = []
    while not state.over:
        if len(log) >= 20_000:
            raise RuntimeError(f"game {seed} did not end after 20000 decisions")
        seat, action = player.choose(state)
        state, _ = apply(state, seat, action)
        log.append((seat, action))
        if check:
            check_invariants(state)
    if check and replay(options, seed, monsters, log) != state:
        raise AssertionError(f"game {seed} does not replay to the state it reached")
    assert state.turn is not None
    return _Game(state.turn.number, len(log), state.winners)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--players", type=_players, default=range(4, 5),
                        help="a number, or a range such as 2-4")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=GAME_TYPES, default="kot")
    parser.add_argument("--edition", choices=("2016", "2011"), default="2016")
    parser.add_argument("--mix", choices=MIXES, default="none",
                        help="Origins' cards in a base game: none, new, all or pick")
    parser.add_argument("--cards", default="",
                        help="with --mix pick: the keys of the Origins cards picked (new "
                        "or reprinted), comma-separated")
    parser.add_argument("--power-up", action="store_true",
                        help="play with Power Up! (each monster its Evolutions; the monsters "
                        "drawn among all those that have a deck)")
    parser.add_argument("--check", action="store_true",
                        help="check the invariants after every action and replay each game")
    args = parser.parse_args(argv)
    rules = GAME_RULES[args.game]
    if not rules.min_monsters <= args.players[0] <= args.players[-1] <= rules.max_monsters:
        parser.error(f"{rules.title} is played by {rules.min_monsters} to "
                     f"{rules.max_monsters} monsters")
    try:
        options = _options(args)
        first, _ = create_game(options, args.seed,
                               _monsters(options, args.seed, args.players[0]))
    except IllegalAction as refusal:
        parser.error(say(ENGLISH, refusal.phrase))
    except (ValueError, CorruptState) as refusal:
        parser.error(str(refusal))

    wins: Counter[str] = Counter()
    turns = decisions = 0
    started = time.perf_counter()
    for game in range(args.games):
        players = args.players[game % len(args.players)]
        played = _play(options, args.seed * 1_000_003 + game, players, args.check)
        decisions += played.decisions
        turns += played.turns
        if not played.winners:
            wins["nobody"] += 1
        for seat in played.winners:
            wins[f"seat {seat}"] += 1
    elapsed = time.perf_counter() - started

    summary = {
        "games": args.games,
        "players": f"{args.players[0]}-{args.players[-1]}",
        "game": args.game,
        "edition": args.edition,
        "mix": args.mix,
        # The deck as the boxes hold it, and the part of it implemented (dealt).
        "cards_in_box": deck_size(game_deck(args.game, args.mix, _picked(args))),
        "cards_dealt": dealt(first.options),
        "checked": args.check,
        "seconds": round(elapsed, 3),
        "games_per_s": round(args.games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed),
        "avg_turns": round(turns / args.games, 2),
        "avg_decisions": round(decisions / args.games, 1),
        "win_shares": {k: round(v / args.games, 3) for k, v in sorted(wins.items())},
    }
    print(f"{args.games} random {summary['players']}-monster {args.game} games "
          f"({summary['cards_dealt']} of the box's {summary['cards_in_box']} cards dealt, "
          f"mix {args.mix}) in {elapsed:.2f} s: "
          f"{summary['games_per_s']} games/s, {summary['decisions_per_s']} decisions/s, "
          f"{summary['avg_turns']} turns on average")
    for who, share in summary["win_shares"].items():
        print(f"  {who}: {share:.1%} of wins")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
