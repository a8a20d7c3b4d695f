// The local table's page (bot/local_page): loaded before SimCord's page script.
"use strict";
(() => {
  const words = JSON.parse(document.querySelector('meta[name="kot-local-words"]').content);
  const locale = document.documentElement.lang || "en-US";
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  let notice = null;

  // "in 25 seconds" to the second below a minute, then minutes, hours, days (as Discord).
  function fromNow(when) {
    const seconds = Math.round((when - Date.now()) / 1000);
    const size = Math.abs(seconds);
    if (size < 60) return relative.format(seconds, "second");
    if (size < 3600) return relative.format(Math.round(seconds / 60), "minute");
    if (size < 86400) return relative.format(Math.round(seconds / 3600), "hour");
    return relative.format(Math.round(seconds / 86400), "day");
  }

  function say(message) {
    if (notice === null) {
      notice = document.createElement("div");
      notice.className = "kot-local-notice";
      notice.setAttribute("role", "status");
      document.body.append(notice);
    }
    notice.textContent = message;
    notice.hidden = !message;
  }

  // A mention SimCord leaves raw (in an embed) shown as Discord shows it. Only the page's
  // text changes: the bot's messages keep their real mentions.
  const MENTION = /<@!?(\d+)>/;
  function nameMentions(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const raw = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (MENTION.test(node.data)) raw.push(node);
    }
    for (const node of raw) {
      const parts = node.data.split(/(<@!?\d+>)/);
      node.replaceWith(...parts.map((part) => {
        const found = part.match(/^<@!?(\d+)>$/);
        if (!found) return part;
        const mention = document.createElement("span");
        mention.className = "mention";
        mention.textContent = `@${words.names[found[1]] ?? "…"}`;
        return mention;
      }));
    }
  }

  let hideNoticeAt = 0;
  function tick() {
    const messages = document.getElementById("preview-app");
    if (messages) nameMentions(messages);
    for (const time of document.querySelectorAll("time.relative-time")) {
      const shown = fromNow(Date.parse(time.dateTime));
      if (time.textContent !== shown) time.textContent = shown;
    }
    const composer = document.getElementById("channel-composer-input");
    if (composer && composer.placeholder !== words.composer) composer.placeholder = words.composer;
    const status = document.getElementById("action-status");
    if (status && status.textContent !== status.dataset.seen) {
      status.dataset.seen = status.textContent;
      // A click SimCord refused: the page it was made on was older than the game.
      if (status.textContent === "Action was not completed.") {
        say(words.refused);
        hideNoticeAt = Date.now() + 6000;
      }
    }
    if (hideNoticeAt && Date.now() > hideNoticeAt && !offline) {
      hideNoticeAt = 0;
      say("");
    }
  }

  // A stopped table: say so, wait for it, and reload once it answers again (same address).
  let offline = false;
  async function waitForTable() {
    if (offline) return;
    offline = true;
    say(words.offline);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        if ((await nativeFetch("/", { cache: "no-store" })).ok) break;
      } catch {
        // still stopped
      }
    }
    location.reload();
  }
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (resource, options) => {
    const api = String(resource).startsWith("/api/");
    try {
      const response = await nativeFetch(resource, options);
      // 410: the page this tab had open belongs to an earlier run of the table.
      if (api && response.status === 410) waitForTable();
      return response;
    } catch (error) {
      // A network error, not a request the page itself aborted (it aborts its polls).
      if (api && error instanceof TypeError) waitForTable();
      throw error;
    }
  };

  setInterval(tick, 250);
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(tick).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
})();
