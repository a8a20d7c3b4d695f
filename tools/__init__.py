"""Commands beside the product: the scenario runner, the simulator, the benchmarks and the
sample pictures. Thin command layers over library code; none of this is installed with the bot."""
