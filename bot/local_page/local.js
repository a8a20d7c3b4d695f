// The local table's page (bot/local_page): loaded before SimCord's page script.
"use strict";
(() => {
  const words = JSON.parse(document.querySelector('meta[name="kot-local-words"]').content);
  const locale = document.documentElement.lang || "en-US";
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const nativeFetch = window.fetch.bind(window);
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

  // A link to a message (the bot's jump links: https://discord.com/channels/server/channel/
  // message) leads to that message on this page, not to Discord.
  const JUMP = /^https:\/\/(?:\w+\.)?discord(?:app)?\.com\/channels\/\d+\/\d+\/(\d+)/;
  function keepJumpsHere(root) {
    for (const link of root.querySelectorAll("a[href]")) {
      const found = link.getAttribute("href").match(JUMP);
      if (!found) continue;
      link.dataset.jumpTo = found[1];
      if (link.textContent.trim() === link.getAttribute("href")) link.textContent = words.jump;
      link.removeAttribute("href");
      link.removeAttribute("target");
      link.setAttribute("role", "link");
      link.tabIndex = 0;
    }
  }
  function jump(event) {
    const link = event.target instanceof Element ? event.target.closest("[data-jump-to]") : null;
    if (!link || (event.type === "keydown" && event.key !== "Enter")) return;
    event.preventDefault();
    const message = document.querySelector(`[data-message-id="${link.dataset.jumpTo}"]`);
    message?.scrollIntoView({ block: "center", behavior: "smooth" });
  }
  document.addEventListener("click", jump);
  document.addEventListener("keydown", jump);

  let hideNoticeAt = 0;
  function tick() {
    const messages = document.getElementById("preview-app");
    if (messages) {
      nameMentions(messages);
      keepJumpsHere(messages);
    }
    for (const time of document.querySelectorAll("time.relative-time")) {
      const shown = fromNow(Date.parse(time.dateTime));
      if (time.textContent !== shown) time.textContent = shown;
    }
    const composer = document.getElementById("channel-composer-input");
    if (composer && composer.placeholder !== words.composer) composer.placeholder = words.composer;
    if (hideNoticeAt && Date.now() > hideNoticeAt && !offline) {
      hideNoticeAt = 0;
      say("");
    }
  }

  // A stopped table: say so, wait for it, and reload once it runs again (same address). A
  // request that failed while this run of the table still answers (its run id unchanged)
  // was a passing error: the page goes on.
  const runOf = async () => (await nativeFetch("/local-run.txt", { cache: "no-store" })).text();
  const thisRun = runOf().catch(() => null);
  let offline = false;
  async function waitForTable() {
    if (offline) return;
    offline = true;
    for (let tries = 0; ; tries += 1) {
      try {
        const run = await runOf();
        if (run !== await thisRun) location.reload();
        else say("");
        offline = false;
        return;
      } catch {
        if (tries === 1) say(words.offline);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  // A click SimCord refused (not dispatched to the bot): the view it was made on was older
  // than the game (another tab, an AI's move meanwhile). The page then shows the board as it is.
  // A click, a menu's choice or a form sent; not the page's own requests (scrolling back,
  // switching viewer), which SimCord may refuse too and the page makes again.
  function isClick(options) {
    try {
      return ["click", "select", "modal_submit"].includes(JSON.parse(options?.body).kind);
    } catch {
      return false;
    }
  }
  async function explainRefusal(response) {
    const receipt = await response.json();
    if (!receipt.rejected || receipt.dispatched) return;
    say(words.refused);
    hideNoticeAt = Date.now() + 6000;
  }
  window.fetch = async (resource, options) => {
    const api = String(resource).startsWith("/api/");
    try {
      const response = await nativeFetch(resource, options);
      // 410: the page this tab had open is gone (an earlier run of the table).
      if (api && response.status === 410) location.reload();
      if (String(resource) === "/api/action" && response.ok && isClick(options)) {
        explainRefusal(response.clone());
      }
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
