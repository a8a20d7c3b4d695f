"""The Hard AI bench (tools.bench_ai), tiny: one table for a few seconds, its figures
filled in."""

from __future__ import annotations

from tools import bench_ai


async def test_the_ai_bench_plays_and_reports() -> None:
    # A quick person, so that the AI monsters' turns come within the few seconds.
    result = await bench_ai.run(tables=1, seconds=4.0, seed=1, hard_seconds=0.05,
                                think=(0.05, 0.1), ai_pause=0.2)
    assert result["ai_moves"] > 0 and result["ai_fallbacks"] == 0
    assert 0 < result["budget_min_s"] <= 0.05
    # The moves' searches and what they made of their budget.
    assert 0 < result["searched_moves"] <= result["ai_moves"]
    assert 0 < result["playouts_min"] <= result["playouts_p50"]
    assert result["playouts_min"] <= result["playouts_mean"]
    assert 0 < result["playouts_per_s"] <= result["playouts_per_cpu_s"] * 1.05
    assert result["worker_cpu_s"]
    said = bench_ai.table(result)
    assert "AI moves (wait)" in said
    assert f"p50 {result['playouts_p50']}, mean {result['playouts_mean']}" in said
