# The King of Tokyo bot (python -m bot) with its fonts, run as a user without root.
#   docker build -t kot-bot .
# compose.yaml runs it on PostgreSQL; alone it keeps the games in the SQLite file
# /data/kot.sqlite3 (docker run --env-file .env -v kot-data:/data kot-bot). See README, "Deploy".
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The project without its dev extras: the packages engine and bot, with the renderer's fonts
# as package data (bot/render/fonts links to images/fonts, so both are copied; the wheel
# holds the files). Built from a copy in /tmp/src, removed once installed.
COPY pyproject.toml README.md /tmp/src/
COPY engine /tmp/src/engine
COPY bot /tmp/src/bot
COPY images /tmp/src/images
RUN pip install /tmp/src && rm -rf /tmp/src

# The user the bot runs as, and its working folder /data: the SQLite file (KOT_DATABASE,
# kot.sqlite3 by default) is kept there when DATABASE_URL is unset.
RUN groupadd --gid 10001 kot && useradd --create-home --uid 10001 --gid kot kot \
    && mkdir /data && chown kot:kot /data

# The copy command (python -m tools.copy_store), to move a SQLite file into PostgreSQL; the
# other tools need the dev extras and stay out.
COPY tools/__init__.py tools/copy_store.py /app/tools/

# By number: a host or orchestrator that checks for a non-root user reads no names.
USER 10001:10001
WORKDIR /data
ENV PYTHONPATH=/app \
    KOT_HEALTH_FILE=/tmp/kot-health

# Healthy while the heartbeat file is under 90 s old: the bot writes it every 30 s while it
# is connected to Discord and its database answers (bot/health.py).
HEALTHCHECK --interval=30s --timeout=10s --start-period=2m --retries=3 \
    CMD ["python", "-m", "bot.health"]

CMD ["python", "-m", "bot"]
