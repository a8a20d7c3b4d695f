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
    following = false;
    const message = document.querySelector(`[data-message-id="${link.dataset.jumpTo}"]`);
    message?.scrollIntoView({ block: "center", behavior: "smooth" });
  }
  document.addEventListener("click", jump);
  document.addEventListener("keydown", jump);

  // The live question: the newest message of the channel (not a private answer) with buttons
  // or menus, the board of the turn in play (or the lobby). Its picture is drawn small enough
  // that the picture and its buttons fit the conversation together, and what came after it
  // too when that is short (a ping, a short coach's note): following the game keeps them in
  // view. Something longer below (📋 My monster, a long note) comes in view under the buttons.
  const GAP = 8; // px above the picture and under the buttons
  // The part of its room the picture gives up, at most, for what came after the question.
  const GIVEN_UP = 0.4;
  function liveQuestion(timeline) {
    const messages = timeline.querySelectorAll("[data-message-id]");
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const message = messages[i];
      if (message.querySelector(":scope > .message-ephemeral-note")) continue;
      const controls = message.querySelector(":scope > .message-components");
      if (controls?.querySelector("button")) return { message, controls };
    }
    return null;
  }
  // Where the conversation's top should be to show the live question (its picture and
  // buttons; and what is below it, as much as fits); the bottom when there is none.
  function place(timeline) {
    const live = liveQuestion(timeline);
    for (const old of timeline.querySelectorAll(".kot-live")) {
      if (old !== live?.message) old.classList.remove("kot-live");
    }
    if (live === null) return timeline.scrollHeight - timeline.clientHeight;
    const { message, controls } = live;
    message.classList.add("kot-live");
    const height = timeline.clientHeight;
    const view = timeline.getBoundingClientRect();
    const at = (y) => y - view.top + timeline.scrollTop; // in the conversation, from its top
    const box = message.getBoundingClientRect();
    const below = timeline.scrollHeight - at(box.bottom);
    const picture = message.querySelector(":scope > .message-attachments .attachment-image");
    // (The room of the picture beside its buttons; without a picture, of the message.)
    const room = height - 2 * GAP - (picture ? box.bottom - picture.getBoundingClientRect().bottom
      : controls.getBoundingClientRect().height);
    const long = below > GIVEN_UP * room;
    if (picture) {
      const wanted = `${Math.max(0, Math.floor(long ? room : room - below))}px`;
      if (message.style.getPropertyValue("--kot-picture-height") !== wanted) {
        message.style.setProperty("--kot-picture-height", wanted);
      }
    }
    const buttons = controls.getBoundingClientRect();
    const end = timeline.scrollHeight - timeline.clientHeight;
    if (long) return Math.min(end, at(buttons.top) - GAP);
    const top = at((picture ?? message).getBoundingClientRect().top) - GAP;
    return Math.max(Math.min(end, top), at(buttons.bottom) + GAP - height);
  }

  // The conversation follows the game. At the live question (or near it, or below it), it
  // stays there as messages arrive and pictures load; scrolled up by the player, it stays
  // where they read and a pill says that new messages came. (SimCord's own following loses
  // the bottom for good when a message grows while the page renders it.) Only a scroll the
  // player made (a wheel, a touch, a key, the scroll bar) changes whether it follows: the
  // page's own scrolling (republished messages, pictures loading) does not.
  const NEAR_BOTTOM = 40; // px
  let following = true;
  let newest = 0n;
  let playerScrolledAt = 0;
  let pill = null;
  // Where the conversation was last placed to follow the game.
  let placed = 0;
  // SimCord's own sign (hidden here) that newer messages exist than those it shows: scrolled
  // far up, its page holds a window of the history, and new messages come in after it.
  const simcordNewer = () => document.getElementById("new-messages");
  function showNewest() {
    following = true;
    const newer = simcordNewer();
    if (newer && !newer.hidden) newer.click(); // (it brings the latest window back)
    const timeline = document.getElementById("channel-timeline");
    if (timeline) {
      placed = place(timeline);
      timeline.scrollTop = placed;
    }
    if (pill) pill.hidden = true;
  }
  function showPill() {
    if (pill === null) {
      pill = document.createElement("button");
      pill.type = "button";
      pill.className = "kot-new-messages";
      pill.textContent = words["new-messages"];
      pill.addEventListener("click", showNewest);
      document.body.append(pill);
    }
    pill.hidden = false;
  }
  // Once a frame, when the browser lays the page out anyway: read on each change of the page
  // while it is being drawn, the conversation's height would make the browser lay it out
  // again and again, and slow the drawing of each move.
  let followingFrame = 0;
  function followNextFrame(timeline) {
    if (!followingFrame) {
      followingFrame = requestAnimationFrame(() => {
        followingFrame = 0;
        follow(timeline);
      });
    }
  }
  function follow(timeline) {
    const ids = Array.from(timeline.querySelectorAll("[data-message-id]"),
      (message) => BigInt(message.dataset.messageId));
    const latest = ids.reduce((most, id) => (id > most ? id : most), 0n);
    const arrived = newest !== 0n && latest > newest;
    if (latest > newest) newest = latest;
    const target = place(timeline);
    if (following) {
      // Back to the live question when the page moved away from it, or it moved: not when
      // the player reads below it what they asked for. (Not while the player scrolls: their
      // first steps up are still near it.)
      const moved = arrived || Math.abs(target - placed) > 1;
      placed = target;
      const away = timeline.scrollTop < target - 1 || (moved && Math.abs(timeline.scrollTop - target) > 1);
      if (away && !playerScrolling()) timeline.scrollTop = target;
      // SimCord's sign says the new messages it drew while the page was not at its bottom:
      // they are in view.
      const newer = simcordNewer();
      if (newer && !newer.hidden) newer.hidden = true;
    } else if (arrived || (simcordNewer() && !simcordNewer().hidden)) {
      showPill();
    }
  }
  function playerScrolls(event) {
    const timeline = document.getElementById("channel-timeline");
    const typing = event.target instanceof Element && event.target.closest("input, textarea, select");
    if (event.type === "pointerdown" ? event.target === timeline : !typing) {
      playerScrolledAt = Date.now();
    }
  }
  for (const type of ["wheel", "touchmove", "keydown", "pointerdown"]) {
    document.addEventListener(type, playerScrolls, { capture: true, passive: true });
  }
  const playerScrolling = () => Date.now() - playerScrolledAt < 1000;
  function scrolled() {
    if (!playerScrolling()) return;
    following = this.scrollTop >= placed - NEAR_BOTTOM;
    if (following && pill) pill.hidden = true;
  }

  let hideNoticeAt = 0;
  function tick() {
    const messages = document.getElementById("preview-app");
    if (messages) {
      nameMentions(messages);
      keepJumpsHere(messages);
    }
    const timeline = document.getElementById("channel-timeline");
    if (timeline) followNextFrame(timeline);
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
    showNewest();
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
    const timeline = document.getElementById("channel-timeline");
    timeline?.addEventListener("scroll", scrolled, { passive: true });
    // (A picture loading, a message growing: the live question may have moved.)
    const list = document.getElementById("channel-message-list");
    if (timeline && list) new ResizeObserver(() => followNextFrame(timeline)).observe(list);
    new MutationObserver(tick).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
})();
