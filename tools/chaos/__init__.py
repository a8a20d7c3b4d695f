"""Chaos tools: run the real bot against SimCord and break things on purpose (the crash
campaign kills its process), then check that nothing was lost and the channels tell the truth."""
