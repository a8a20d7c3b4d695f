"""Measure the engine as the AI uses it, and ``apply`` under random play.

    python -m tools.bench_engine --seed 1

The headline is the AI's workload (``engine.ai.workload``): mid-game positions from heuristic
self-play (2 to 6 monsters, both editions, the whole deck, generated the same way for the same
seed), and from each of them ``--rollouts`` rollouts with fresh dice, played for every seat
by the heuristic (the Easy AI), then by the heuristic as the Monte-Carlo player's playouts
use it (``PlayoutPolicy``): to the end of the round (until the same monster's next turn) and
to the end of the game. The engine's time (``apply``) is counted apart from the policy's. Then the
older figures: ``apply`` latency over random 6-monster games, and the stored size of states.
The last line is JSON. Figures on shared machines are noisy: compare runs made at the same
time (for example against a worktree of the previous commit).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from engine import Options, RandomPlayer, apply, create_game, encode_state
from engine.ai import HeuristicPlayer
from engine.ai.playout import PlayoutPolicy
from engine.ai.workload import Rollout, positions, rollout


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, int(fraction * len(sorted_values)))
    return sorted_values[index]


# The policies the rollouts are played with: the heuristic player (the Easy AI), and the
# heuristic as the Monte-Carlo player's playouts use it. The heuristic's figures keep their
# names (``round_heuristic_us_per_decision``...); the playouts' are named ``playout``.
POLICIES: tuple[tuple[str, Callable[[int], HeuristicPlayer]], ...] = (
    ("heuristic", HeuristicPlayer), ("playout", PlayoutPolicy))


def ai_workload(seed: int, rollouts: int) -> dict[str, float]:
    started = time.perf_counter()
    corpus = positions(seed)
    corpus_seconds = time.perf_counter() - started
    figures: dict[str, float] = {"positions": len(corpus),
                                 "corpus_seconds": round(corpus_seconds, 2)}
    for policy, make in POLICIES:
        player = make(seed)
        for name, to_the_end in (("round", False), ("game", True)):
            runs: list[Rollout] = [
                rollout(position, player.answer, dice_seed=seed * 7_919 + index * rollouts + k,
                        to_the_end=to_the_end)
                for index, position in enumerate(corpus) for k in range(rollouts)
            ]
            figures |= _rollout_figures(name, policy, runs)
    figures["decisions_per_s_engine"] = round(1e6 / figures["round_engine_us_per_decision"])
    return figures


def _rollout_figures(name: str, policy: str, runs: list[Rollout]) -> dict[str, float]:
    """The figures of one kind of rollout (``name``: round, game) played by ``policy``: the
    heuristic's under their first names, another policy's with its name after the kind."""
    engine = sum(r.engine_seconds for r in runs)
    thinking = sum(r.policy_seconds for r in runs)
    answers = sum(r.answers for r in runs)
    kind = name if policy == "heuristic" else f"{name}_{policy}"
    return {
        f"{kind}_rollouts": len(runs),
        f"{kind}_answers_per_rollout": round(answers / len(runs), 1),
        f"{kind}_rollouts_per_s_engine": round(len(runs) / engine, 1),
        f"{name}_rollouts_per_s_with_{policy}": round(len(runs) / (engine + thinking), 1),
        f"{kind}_engine_us_per_decision": round(engine / answers * 1e6, 1),
        f"{name}_{policy}_us_per_decision": round(thinking / answers * 1e6, 1),
        f"{name}_{policy}_per_engine": round(thinking / engine, 2),
    }


def random_play(games: int, players: int, seed: int) -> dict[str, float]:
    timings: list[float] = []
    sizes: list[int] = []
    clock = time.perf_counter
    for game in range(games):
        game_seed = seed * 1_000_003 + game
        state, _ = create_game(Options(), game_seed, players)
        player = RandomPlayer(game_seed)
        while not state.over:
            seat, action = player.choose(state)
            started = clock()
            state, _ = apply(state, seat, action)
            timings.append(clock() - started)
            sizes.append(len(encode_state(state)))
    timings.sort()
    return {
        "random_applies": len(timings),
        "apply_p50_us": round(percentile(timings, 0.50) * 1e6, 1),
        "apply_p99_us": round(percentile(timings, 0.99) * 1e6, 1),
        "apply_max_us": round(timings[-1] * 1e6, 1),
        "state_json_max_bytes": max(sizes),
        "state_json_avg_bytes": round(sum(sizes) / len(sizes)),
    }


def table(ai: dict[str, float], rand: dict[str, float], players: int) -> str:
    rows = [f"AI workload: {ai['positions']:.0f} mid-game positions (2-6 monsters, both "
            f"editions; made in {ai['corpus_seconds']} s)",
            f"{'rollouts':<12}{'policy':<11}{'count':>6}{'answers':>9}{'engine/s':>10}"
            f"{'with policy/s':>15}{'engine µs':>11}{'policy µs':>11}{'÷ engine':>10}"]
    for name, label in (("round", "one round"), ("game", "to the end")):
        for policy, _make in POLICIES:
            kind = name if policy == "heuristic" else f"{name}_{policy}"
            rows.append(
                f"{label:<12}{policy:<11}{ai[f'{kind}_rollouts']:>6.0f}"
                f"{ai[f'{kind}_answers_per_rollout']:>9}{ai[f'{kind}_rollouts_per_s_engine']:>10}"
                f"{ai[f'{name}_rollouts_per_s_with_{policy}']:>15}"
                f"{ai[f'{kind}_engine_us_per_decision']:>11}"
                f"{ai[f'{name}_{policy}_us_per_decision']:>11}"
                f"{ai[f'{name}_{policy}_per_engine']:>10}")
    rows.append(f"engine: {ai['decisions_per_s_engine']:.0f} heuristic decisions/s "
                "(µs columns: per decision; ÷ engine: the policy's time over the engine's)")
    rows.append(f"random play, {players} monsters: apply p50 {rand['apply_p50_us']} µs, "
                f"p99 {rand['apply_p99_us']} µs over {rand['random_applies']:.0f} calls; "
                f"state JSON max {rand['state_json_max_bytes']} B, "
                f"avg {rand['state_json_avg_bytes']} B")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the engine as the AI uses it")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=3, help="rollouts per position")
    parser.add_argument("--games", type=int, default=60, help="random games for apply")
    parser.add_argument("--players", type=int, default=6, help="monsters in random games")
    args = parser.parse_args(argv)
    ai = ai_workload(args.seed, args.rollouts)
    rand = random_play(args.games, args.players, args.seed)
    print(table(ai, rand, args.players))
    print(json.dumps({"seed": args.seed, **ai, **rand}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
