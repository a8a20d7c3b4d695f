"""Matches between player types: seeded games with the seats rotated, and their figures
(win rates with a 95% Wilson interval, game length, thinking time per decision).

A player type is a name in ``PLAYERS`` and a factory taking a seed; a new one (such as a
Monte-Carlo player) is added with ``register_player``. ``tools/arena.py`` is the command.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Protocol

from engine.actions import Action
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.levels import medium_player
from engine.ai.mc import MonteCarloPlayer
from engine.card_table import Edition
from engine.players import RandomPlayer
from engine.rules import apply, create_game
from engine.state import Decision, GameState, Options


class Player(Protocol):
    def answer(self, state: GameState, decision: Decision) -> Action: ...


PlayerFactory = Callable[[int], Player]

PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": HeuristicPlayer,
    "medium": medium_player,
    "mc": MonteCarloPlayer,
    "random": RandomPlayer,
}


def register_player(name: str, factory: PlayerFactory) -> None:
    """Make a player type available to the arena under ``name``."""
    PLAYERS[name] = factory


# The clocks a Monte-Carlo player's think time may be counted on: the wall's, as the bot
# counts it, or the CPU time of the process thinking, which a busy machine does not shorten
# (a move waiting for a core gets its whole budget all the same).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def player_factory(name: str, clock: Callable[[], float] = time.perf_counter) -> PlayerFactory:
    """The factory of a player type: a name in ``PLAYERS``, ``mc:<seconds>`` for the
    Monte-Carlo player with that thinking time per decision (on ``clock``), or
    ``mcp:<playouts>`` for it with that number of playouts per decision (deterministic,
    whatever the machine's load)."""
    kind, _, budget = name.partition(":")
    if kind == "mc" and budget:
        seconds = float(budget)
        return lambda seed: MonteCarloPlayer(seed, seconds=seconds, clock=clock)
    if kind == "mcp" and budget:
        playouts = int(budget)
        if playouts < 1:
            raise ValueError(name)
        return lambda seed: MonteCarloPlayer(seed, seconds=None, playouts=playouts)
    if budget or kind not in PLAYERS:
        raise KeyError(name)
    return PLAYERS[kind]


def is_player_type(name: str) -> bool:
    try:
        player_factory(name)
    except (KeyError, ValueError):
        return False
    return True


@dataclass
class GameResult:
    """One game: who sat where, who won, how long it took; its last state, and each monster
    knocked out with the turn it happened in (seat, turn), in order (for standings)."""

    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    turns: int
    decisions: list[int]
    seconds: list[float]
    final: GameState | None = None
    knocked_out: tuple[tuple[int, int], ...] = ()


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


def seating(names: Sequence[str], game: int) -> tuple[str, ...]:
    """The player types by seat for game number ``game``: rotated one seat per game, so
    over ``len(names)`` games each type sits in each seat once."""
    n = len(names)
    return tuple(names[(seat + game) % n] for seat in range(n))


def play_match(options: Options, seed: int, seats: Sequence[str], *,
               max_decisions: int = 20_000,
               clock: Callable[[], float] = time.perf_counter) -> GameResult:
    """One game with these player types in these seats (each seat its own player); think
    times are given and measured on ``clock``."""
    players = [player_factory(name, clock)(seed * 8 + seat) for seat, name in enumerate(seats)]
    state, _ = create_game(options, seed, len(seats))
    decisions = [0] * len(seats)
    seconds = [0.0] * len(seats)
    knocked_out: list[tuple[int, int]] = []
    while not state.over:
        if sum(decisions) >= max_decisions:
            raise RuntimeError(f"game {seed} did not end after {max_decisions} decisions")
        decision = state.pending[0]
        started = clock()
        action = players[decision.seat].answer(state, decision)
        seconds[decision.seat] += clock() - started
        decisions[decision.seat] += 1
        state, _ = apply(state, decision.seat, action)
        assert state.turn is not None
        out = {seat for seat, _turn in knocked_out}
        knocked_out += [(seat, state.turn.number) for seat, monster in enumerate(state.monsters)
                        if not monster.alive and seat not in out]
    assert state.turn is not None
    return GameResult(seed, tuple(seats), state.winners, state.turn.number, decisions, seconds,
                      state, tuple(knocked_out))


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class TypeStats:
    """One player type's figures over an arena run (a type in two seats counts twice)."""

    name: str
    seats: int = 0
    wins: int = 0
    turns: int = 0
    won_turns: int = 0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    def add(self, won: bool, turns: int, decisions: int, seconds: float) -> None:
        """One more seat: a game of ``turns`` turns, won or not, and the seat's decisions
        and thinking time."""
        self.seats += 1
        self.turns += turns
        self.decisions += decisions
        self.seconds += seconds
        if won:
            self.wins += 1
            self.won_turns += turns

    def as_dict(self) -> dict[str, object]:
        low, high = wilson(self.wins, self.seats)
        return {
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_turns": round(self.turns / self.seats, 2) if self.seats else 0.0,
            "mean_turns_won": round(self.won_turns / self.wins, 2) if self.wins else 0.0,
            "ms_per_decision": round(1000 * self.seconds / self.decisions, 3)
            if self.decisions else 0.0,
            "decisions": self.decisions,
        }


@dataclass
class ArenaReport:
    players: tuple[str, ...]
    edition: Edition
    seed: int
    games: int = 0
    power_up: bool = False
    turns: int = 0
    no_winner: int = 0
    stats: dict[str, TypeStats] = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.turns += result.turns
        self.no_winner += not result.winners
        for seat, name in enumerate(result.seats):
            stats = self.stats.setdefault(name, TypeStats(name))
            stats.add(seat in result.winners, result.turns, result.decisions[seat],
                      result.seconds[seat])

    def summary(self) -> dict[str, object]:
        return {
            "games": self.games,
            "players": list(self.players),
            "edition": self.edition,
            "power_up": self.power_up,
            "seed": self.seed,
            "mean_turns": round(self.turns / self.games, 2) if self.games else 0.0,
            "no_winner": self.no_winner,
            "types": {name: stats.as_dict() for name, stats in self.stats.items()},
        }

    def table(self) -> str:
        """The figures as a text table, one row per player type."""
        lines = [f"{'player':<12}{'seats':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<17}"
                 f"{'turns':>7}{'won in':>8}{'ms/decision':>13}"]
        for name, stats in self.stats.items():
            row = stats.as_dict()
            low, high = wilson(stats.wins, stats.seats)
            interval = f"[{low:.1%}, {high:.1%}]"
            lines.append(f"{name:<12}{stats.seats:>7}{stats.wins:>7}{stats.win_rate:>10.1%}  "
                         f"{interval:<17}{row['mean_turns']:>7}{row['mean_turns_won']:>8}"
                         f"{row['ms_per_decision']:>13}")
        lines.append(f"{self.games} games of {len(self.players)} monsters ({self.edition}): "
                     f"{self.summary()['mean_turns']} turns on average, "
                     f"{self.no_winner} without a winner")
        return "\n".join(lines)


def run_arena(players: Sequence[str], games: int, seed: int, edition: Edition = "2016",
              on_game: Callable[[GameResult], None] | None = None,
              jobs: int = 1, *, power_up: bool = False) -> ArenaReport:
    """Play ``games`` seeded games of ``len(players)`` monsters, seats rotated, on ``jobs``
    processes at once (the results, added in game order, do not depend on ``jobs``); with
    Power Up! when ``power_up``."""
    unknown = [name for name in players if not is_player_type(name)]
    if unknown:
        raise ValueError(f"unknown player types: {', '.join(unknown)}"
                         f" (known: {', '.join(PLAYERS)}, mc:<seconds>, mcp:<playouts>)")
    report = ArenaReport(tuple(players), edition, seed, power_up=power_up)
    options = Options(edition=edition, power_up=power_up)
    for result in _results(tuple(players), games, seed, options, jobs):
        report.add(result)
        if on_game is not None:
            on_game(result)
    return report


def _play_numbered(players: tuple[str, ...], seed: int, options: Options,
                   game: int) -> GameResult:
    return play_match(options, game_seed(seed, game), seating(players, game))


def _results(players: tuple[str, ...], games: int, seed: int, options: Options,
             jobs: int) -> Iterator[GameResult]:
    if jobs <= 1:
        for game in range(games):
            yield _play_numbered(players, seed, options, game)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_numbered, [players] * games, [seed] * games,
                            [options] * games, range(games))


# --- the strength curve ------------------------------------------------------------------
#
# The Monte-Carlo player at think times doubling from 0.05 s to 3.2 s against the heuristic,
# in duels and as one of four monsters: how its win rate grows with the time it is given.

CURVE_TIMES = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2)
# A mode: how many monsters sit at the table (the Monte-Carlo player and heuristics).
CURVE_MODES: dict[str, int] = {"duel": 2, "four": 4}


def games_for(half_width: float, z: float = 1.96) -> int:
    """Games enough for a 95% interval of ± ``half_width`` around any win rate (the widest
    is at 50%)."""
    return math.ceil(z * z * 0.25 / (half_width * half_width))


# Games per step of the curve: a 95% interval of ±10 points.
CURVE_GAMES = games_for(0.10)


@dataclass(frozen=True)
class CurveGame:
    """One game of the curve: the mode, the Monte-Carlo player's think time, the game's
    number (its seed and the seats' rotation; the same numbers at every think time)."""

    mode: str
    seconds: float
    game: int

    @property
    def seats(self) -> tuple[str, ...]:
        names = (f"mc:{self.seconds:g}",) + ("heuristic",) * (CURVE_MODES[self.mode] - 1)
        return seating(names, self.game)


@dataclass(frozen=True)
class CurveResult:
    """What one curve game gave: whether the Monte-Carlo player won (alone or shared), its
    decisions and thinking time, and the clock that time was counted on (``CLOCKS``)."""

    mode: str
    seconds: float
    game: int
    won: bool
    turns: int
    decisions: int
    thinking: float
    clock: str = "wall"

    def as_dict(self) -> dict[str, object]:
        return {"mode": self.mode, "seconds": self.seconds, "game": self.game,
                "won": self.won, "turns": self.turns, "decisions": self.decisions,
                "thinking": round(self.thinking, 3), "clock": self.clock}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> CurveResult:
        """A result from its JSON line (a line without a clock was counted on the wall's:
        the curve knew no other then)."""
        return cls(str(data["mode"]), float(str(data["seconds"])), int(str(data["game"])),
                   bool(data["won"]), int(str(data["turns"])), int(str(data["decisions"])),
                   float(str(data["thinking"])), str(data.get("clock", "wall")))

    @property
    def key(self) -> CurveGame:
        return CurveGame(self.mode, self.seconds, self.game)


def curve_games(times: Sequence[float], modes: Sequence[str], games: int) -> list[CurveGame]:
    """Every game of a curve, in the order they are played: game by game, each at every
    mode and think time, so a curve stopped early has about as many games at each step."""
    return [CurveGame(mode, seconds, game)
            for game in range(games) for mode in modes for seconds in times]


def play_curve_game(task: CurveGame, seed: int = 1, edition: Edition = "2016",
                    clock: str = "wall") -> CurveResult:
    """Play one game of the curve (in a process of its own when the curve runs on several),
    the think time counted on ``clock`` (a name in ``CLOCKS``)."""
    seats = task.seats
    result = play_match(Options(edition=edition), game_seed(seed, task.game), seats,
                        clock=CLOCKS[clock])
    me = seats.index(f"mc:{task.seconds:g}")
    return CurveResult(task.mode, task.seconds, task.game, me in result.winners,
                       result.turns, result.decisions[me], result.seconds[me], clock)


def run_curve(tasks: Sequence[CurveGame], on_result: Callable[[CurveResult], None], *,
              seed: int = 1, edition: Edition = "2016", jobs: int = 1,
              clock: str = "wall") -> None:
    """Play ``tasks`` on ``jobs`` processes at once (a process per game), telling
    ``on_result`` each result as soon as its game ends (not in order when ``jobs`` > 1)."""
    if jobs <= 1:
        for task in tasks:
            on_result(play_curve_game(task, seed, edition, clock))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_curve_game, task, seed, edition, clock) for task in tasks]
        for future in as_completed(futures):
            on_result(future.result())


@dataclass
class CurveStep:
    """One step of the curve: a mode and a think time, and the Monte-Carlo player's figures
    in the games played there (a seat a game)."""

    mode: str
    seconds: float
    stats: TypeStats

    @property
    def chance(self) -> float:
        """The win rate of a player no better than the others (1 in the table's size)."""
        return 1 / CURVE_MODES[self.mode]

    def as_dict(self) -> dict[str, object]:
        figures = self.stats.as_dict()
        return {"mode": self.mode, "seconds": self.seconds, "games": figures["seats"],
                "wins": figures["wins"], "win_rate": figures["win_rate"],
                "ci95": figures["ci95"], "chance": round(self.chance, 4),
                "ms_per_decision": figures["ms_per_decision"]}


def curve_report(results: Sequence[CurveResult], times: Sequence[float],
                 modes: Sequence[str]) -> list[CurveStep]:
    """The curve's steps (each mode, then each think time) from the games' results."""
    steps = {(mode, seconds): CurveStep(mode, seconds, TypeStats(f"mc:{seconds:g}"))
             for mode in modes for seconds in times}
    for result in results:
        step = steps.get((result.mode, result.seconds))
        if step is None:
            continue  # a step of another run of the same file
        step.stats.add(result.won, result.turns, result.decisions, result.thinking)
    return list(steps.values())


def curve_table(steps: Sequence[CurveStep]) -> str:
    """The curve as a text table: a row per mode and think time."""
    lines = [f"{'mode':<6}{'think s':>8}{'games':>7}{'wins':>6}{'win rate':>10}  "
             f"{'95% CI':<17}{'chance':>7}{'ms/decision':>13}"]
    for step in steps:
        stats = step.stats
        low, high = wilson(stats.wins, stats.seats)
        lines.append(f"{step.mode:<6}{step.seconds:>8g}{stats.seats:>7}{stats.wins:>6}"
                     f"{stats.win_rate:>10.1%}  {f'[{low:.1%}, {high:.1%}]':<17}"
                     f"{step.chance:>7.0%}{1000 * stats.seconds / max(1, stats.decisions):>13.1f}")
    return "\n".join(lines)


# --- the AI levels' games ------------------------------------------------------------------
#
# Seeded games among the bot's AI levels, to rate them as the bot rates its players
# (``tools/rate_levels.py`` rates them with openskill; the engine knows no rating).

# The player type of each level of the bot (``engine.ai.levels``): Hard at the bot's
# default budget, 0.8 s a move.
LEVEL_PLAYERS: dict[str, str] = {"easy": "heuristic", "medium": "medium", "hard": "mc"}
# The tables the levels meet at: every pair in a duel, and the three at a table of four
# with each level in the fourth seat in turn.
LEVEL_TABLES: tuple[tuple[str, ...], ...] = (
    ("easy", "medium"), ("medium", "hard"), ("easy", "hard"),
    ("easy", "medium", "hard", "easy"), ("easy", "medium", "hard", "medium"),
    ("easy", "medium", "hard", "hard"),
)


@dataclass(frozen=True)
class LevelGame:
    """One game among the levels: its table (the levels, one a seat before the rotation)
    and its number (its seed, and how far the seats are rotated)."""

    table: tuple[str, ...]
    game: int

    @property
    def levels(self) -> tuple[str, ...]:
        """The level in each seat."""
        return seating(self.table, self.game)


def level_games(duels: int, fours: int) -> list[LevelGame]:
    """``duels`` games at each duel of ``LEVEL_TABLES`` and ``fours`` at each table of four,
    game number by game number (a run stopped early has about as many of each)."""
    counts = {table: duels if len(table) == 2 else fours for table in LEVEL_TABLES}
    return [LevelGame(table, game) for game in range(max(counts.values(), default=0))
            for table in LEVEL_TABLES if game < counts[table]]


def play_level_game(task: LevelGame, seed: int = 1, edition: Edition = "2016") -> GameResult:
    """Play one game among the levels (its ``seats`` are the levels, not player types)."""
    players = tuple(LEVEL_PLAYERS[level] for level in task.levels)
    game_number = LEVEL_TABLES.index(task.table) * 100_000 + task.game
    result = play_match(Options(edition=edition), game_seed(seed, game_number), players)
    result.seats = task.levels
    return result
