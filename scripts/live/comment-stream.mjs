/**
 * A realistic French live-selling comment stream: many viewers with stable handles,
 * claims ("je prends le 12", "12 taille M", "@vendeuse 7 svp", "n°3", "12 stp"), questions,
 * chatter and emojis, times ("12h") and prices ("15€") that are not claims, and some member, like
 * and gift events. Each event is what the TikTok bridge sends for the matching event of
 * tiktok-live-connector 2.5.0 (bridges/tiktok/fixtures): the ingestion contract's fields and the
 * raw event as payload, 0.8 to 0.95 kB of JSON. An audience may be spread over several platforms:
 * their viewers' comments are what those platforms' bridges send. Used by `npm run live:simulate`, the benchmarks and
 * the tests.
 */
import { toIngestEvent } from "../../bridges/tiktok/bridge.mjs";
import { connectorFixture } from "../../bridges/tiktok/fixtures/connector-events.mjs";

/** Per event type, what the bridge builds from the connector's sample. */
const templates = new Map();
function bridgeTemplate(type) {
  let template = templates.get(type);
  if (!template) {
    template = toIngestEvent(type, connectorFixture(type));
    templates.set(type, template);
  }
  return template;
}

/**
 * What the bridge sends for a connector event of `type` holding these values, that is
 * toIngestEvent(type, connectorEvent(type, values)), made by copying the bridge's own output for
 * the sample instead of serialising a raw event each time: a benchmark's source must not take the
 * server's CPU. `bridge.test.mjs` checks both give the same event.
 */
export function bridgeBuiltEvent(type, { msgId, createTime, userId, handle, nickname, avatarUrl, content }) {
  const { payload } = bridgeTemplate(type);
  const user = {
    ...payload.user,
    id: userId,
    idStr: userId,
    displayId: handle,
    nickname,
    avatarThumb: { ...payload.user.avatarThumb, urlList: avatarUrl ? [avatarUrl] : [] },
  };
  const common = { ...payload.common, msgId, createTime: String(createTime) };
  return {
    type,
    msgId,
    createTime,
    tiktokUserId: userId,
    uniqueId: handle,
    nickname,
    avatarUrl: avatarUrl ?? null,
    comment: type === "chat" ? content : null,
    payload: type === "chat" ? { ...payload, common, user, content } : { ...payload, common, user },
  };
}

/** The platforms a simulated audience may come from (the ingestion contract's LIVE_PLATFORMS). */
export const SIMULATED_PLATFORMS = ["tiktok", "youtube", "facebook", "instagram"];

const YOUTUBE_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** Digits standing for a run id, so that another platform's numeric message ids differ per run. */
function runDigits(runId) {
  let digits = "";
  for (const char of String(runId)) digits += String(char.codePointAt(0) % 100).padStart(2, "0");
  return digits.slice(-12);
}

/**
 * What the YouTube, Facebook and Instagram bridges send for a comment: the contract's fields
 * (the platform's comment id, its author's stable id, the name shown, no TikTok id) and the
 * platform's comment object as payload, in the shape of each platform's API.
 */
export function platformBuiltEvent(platform, { msgId, createTime, userId, nickname, avatarUrl, content }) {
  const at = new Date(createTime).toISOString();
  const payload =
    platform === "youtube"
      ? {
          kind: "youtube#liveChatMessage",
          id: msgId,
          snippet: {
            type: "textMessageEvent",
            publishedAt: at,
            hasDisplayContent: true,
            displayMessage: content,
            textMessageDetails: { messageText: content },
          },
          authorDetails: {
            channelId: userId,
            displayName: nickname,
            profileImageUrl: avatarUrl,
            isChatOwner: false,
            isChatModerator: false,
            isChatSponsor: false,
            isVerified: false,
          },
        }
      : platform === "facebook"
        ? { id: msgId, from: { id: userId, name: nickname }, message: content, created_time: at }
        : { id: msgId, from: { id: userId, username: nickname }, text: content };
  return {
    type: "chat",
    platform,
    // Facebook's times are to the second: kept as evidence, never used to order.
    createTime: platform === "facebook" ? Math.floor(createTime / 1000) * 1000 : createTime,
    msgId,
    tiktokUserId: null,
    uniqueId: userId,
    nickname,
    avatarUrl: platform === "youtube" ? avatarUrl : null,
    comment: content,
    payload,
  };
}

/** The platform's own comment id for the `counter`-th event of run `runId`. */
function platformMessageId(platform, runId, counter) {
  if (platform === "tiktok") return `sim-${runId}-${counter}`;
  if (platform === "youtube") return `LCC.sim-${runId}-${counter}`;
  if (platform === "facebook") return `${runDigits(runId)}_${counter}`;
  return `${runDigits(runId)}${String(counter).padStart(9, "0")}`;
}

/** A small seeded generator: the same seed gives the same stream. */
export function seededRandom(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  "marie",
  "julie",
  "lea",
  "camille",
  "sophie",
  "chloe",
  "manon",
  "emma",
  "sarah",
  "laura",
  "ines",
  "clara",
  "lucie",
  "pauline",
  "oceane",
  "nadia",
  "fatou",
  "amandine",
  "melanie",
  "anais",
  "karine",
  "nathalie",
  "sandrine",
  "aurelie",
  "elodie",
  "yasmine",
  "jade",
  "lina",
  "rose",
  "alice",
];
const SUFFIXES = ["", "_", ".", "_mode", "_lyon", "_shop", "du69", "_off", "x", "_b"];
const NICK_DECOR = ["", " 🌸", " ✨", " 💕", " 🦋", " 👑", ""];
const SIZES = ["S", "M", "L", "XL", "36", "38", "40", "42"];
const COLORS = ["noir", "rouge", "bleu", "beige", "kaki", "rose"];

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * `count` viewers with stable handles, nicknames and TikTok ids (same seed, same viewers), spread
 * in turn over `platforms`: another platform's viewer has that platform's author id instead of a
 * handle (YouTube: a channel id, 'UC' and 22 characters; Facebook and Instagram: digits).
 */
export function createViewers(count, seed = 1, platforms = ["tiktok"]) {
  const random = seededRandom(seed);
  const viewers = [];
  const taken = new Set();
  for (let i = 0; viewers.length < count; i++) {
    const name = pick(random, FIRST_NAMES);
    let handle = `${name}${pick(random, SUFFIXES)}${random() < 0.6 ? Math.floor(random() * 1000) : ""}`;
    if (random() < 0.15) handle = handle.charAt(0).toUpperCase() + handle.slice(1);
    if (taken.has(handle.toLowerCase())) handle = `${handle}${i}`;
    taken.add(handle.toLowerCase());
    const nickname = `${name.charAt(0).toUpperCase()}${name.slice(1)}${pick(random, NICK_DECOR)}`;
    const tiktokUserId = String(7_000_000_000_000_000_000n + BigInt(Math.floor(random() * 1e15)));
    const platform = platforms[viewers.length % platforms.length] ?? "tiktok";
    if (platform === "tiktok") {
      viewers.push({
        platform,
        uniqueId: handle,
        nickname,
        tiktokUserId,
        avatarUrl: `https://p16-sign.tiktokcdn.example/avatar/${handle.toLowerCase()}.jpeg`,
      });
      continue;
    }
    // The viewer's index in the id keeps two viewers of one platform apart, whatever the draw.
    const serial = String(viewers.length).padStart(6, "0");
    let uniqueId;
    if (platform === "youtube") {
      let channel = "UC";
      while (channel.length < 18) channel += YOUTUBE_ID_ALPHABET[Math.floor(random() * 64)];
      uniqueId = `${channel}${serial}`;
    } else {
      uniqueId = `${platform === "facebook" ? "10" : "178414"}${String(Math.floor(random() * 1e9)).padStart(9, "0")}${serial}`;
    }
    viewers.push({
      platform,
      uniqueId,
      nickname,
      tiktokUserId: null,
      avatarUrl: platform === "youtube" ? `https://yt3.ggpht.example/${uniqueId}=s88-c-k-nd` : null,
    });
  }
  return viewers;
}

const claims = [
  (r) => `je prends le ${r}`,
  (r) => `Je prends le ${r} !`,
  (r) => `${r}`,
  (r) => `le ${r}`,
  (r) => `${r} stp`,
  (r) => `${r} svp 🙏`,
  (r, random) => `${r} taille ${pick(random, SIZES)}`,
  (r) => `@vendeuse ${r} svp`,
  (r) => `n°${r}`,
  (r) => `je veux le ${r}`,
  (r) => `moi le ${r} !!`,
  (r, random) => `je prends ${r} en ${pick(random, COLORS)}`,
];
const questions = [
  (r) => `combien le ${r} ?`,
  (r, random) => `dispo en ${pick(random, SIZES)} ?`,
  (r) => `le ${r} il taille comment ?`,
  () => "vous livrez en Belgique ?",
  (r) => `c'est quelle matière le ${r} ?`,
  () => "on peut payer en plusieurs fois ?",
];
const chatter = [
  () => "trop belle 😍",
  () => "❤️❤️❤️",
  () => "coucou les filles 👋",
  () => "bonsoir !",
  () => "j'adore cette couleur",
  () => "🔥🔥",
  () => "elle est sublime sur toi",
  () => "on commence à 12h demain ?",
  () => "live à 20h30 la semaine pro ?",
  (r) => `le ${r} est à 15€ ?`,
  () => "25€ c'est donné",
  () => "merci pour le colis reçu hier 🥰",
  () => "😂😂",
  () => "je reviens dans 5 min",
];

/*
 * The claim mix (`claimShare`): claims and un-claims written the way viewers write them, one piece
 * or several, with a size or a colour, no accents, SMS spelling, caps and emojis. Every one of them
 * is meant to be read by the domain's readLiveComment as what its list says.
 */
const mixClaims = [
  (r) => `je prends le ${r}`,
  (r) => `Je prends le ${r} !`,
  (r) => `je veux le ${r}`,
  (r) => `le ${r} stp`,
  (r) => `${r} svp 🙏`,
  (r, random) => `le ${r} en ${pick(random, SIZES)} stp`,
  (r, random) => `je prend le ${r} taille ${pick(random, SIZES)}`,
  (r, random) => `JE PRENDS LE ${r} EN ${pick(random, SIZES)}`,
  (r, random) => `moi le ${r} en ${pick(random, COLORS)} 😍`,
  (r) => `@vendeuse le ${r} pour moi`,
  (r) => `jprends le ${r}`,
  (r, random, other) => `${r} + ${other}`,
  (r, random, other) => `le ${r} et le ${other} svp`,
  (r, random, other) => `je prends le ${r} et le ${other}`,
];
const mixUnclaims = [
  (r) => `je passe le ${r}`,
  (r) => `finalement non pour le ${r}`,
  (r) => `annule le ${r}`,
  (r) => `non merci pour le ${r}`,
  (r) => `j'annule le ${r} desolee`,
  (r) => `je passe le ${r} finalement 😕`,
];
/** The part of the mix's claim comments that give a piece up. */
const UNCLAIM_SHARE = 0.25;

/*
 * Doubtful claims: comments the domain's reader is unsure of and reads as a doubt of one piece
 * (decision 038), which the engine holds in the piece's queue, 'À confirmer', until staff answer or
 * its wait runs out (decision 037). Without them a simulated live never exercises that path. Each
 * template names the reason the reader gives, and simulate.test.mjs checks the reader still reads
 * each one so: a reader that learns one of them must make the test fail, not quietly turn the
 * doubts into claims.
 */
export const DOUBT_TEMPLATES = [
  // A liking, then "mais bon": the reader cannot tell whether it is taken.
  { reason: "unclear", write: (r) => `le ${r} il me tente bien mais bon` },
  { reason: "unclear", write: (r) => `le ${r} pour moi je passe en boutique demain` },
  // A condition a free piece does not meet.
  { reason: "condition", write: (r) => `le ${r} pour moi si mon mari est d'accord` },
  { reason: "condition", write: (r) => `je prends le ${r} sauf si trop petit` },
];
/** The part of the mix's claim comments that are doubtful (before un-claims are drawn). */
const DOUBT_SHARE = 0.05;

/**
 * An endless event stream. `refs` are the product references viewers claim; `runId` keeps msgIds
 * unique across runs. next() gives one event; chat() gives one chat event.
 *
 * Without `claimShare`, about 35 % of the comments look like claims (the original mix, kept for
 * the benchmarks that use it). With `claimShare` (0 to 1), that share of the comments claims or
 * gives up references among `refs`: about 5 % of them are doubtful claims (DOUBT_TEMPLATES), a
 * quarter of the rest give up, mostly a piece the same viewer claimed before; the others are
 * questions and chatter. `intentOf(event)` says which an event of this stream is: "claim",
 * "unclaim", "doubt" or "other".
 */
export function createCommentStream({
  viewers = 200,
  refs = range(1, 60),
  seed = 1,
  runId = Date.now().toString(36),
  claimShare = null,
  platforms = ["tiktok"],
} = {}) {
  const random = seededRandom(seed * 7919 + 17);
  const people = Array.isArray(viewers) ? viewers : createViewers(viewers, seed, platforms);
  let counter = 0;
  const viewer = () => {
    // A few viewers talk much more than the others, as in a real live.
    const index =
      random() < 0.3
        ? Math.floor(random() * Math.min(20, people.length))
        : Math.floor(random() * people.length);
    return people[index];
  };
  const base = (type, who, content) => {
    const platform = who.platform ?? "tiktok";
    const msgId = platformMessageId(platform, runId, ++counter);
    if (platform !== "tiktok") {
      return platformBuiltEvent(platform, {
        msgId,
        createTime: Date.now(),
        userId: who.uniqueId,
        nickname: who.nickname,
        avatarUrl: who.avatarUrl,
        content: content ?? "",
      });
    }
    return bridgeBuiltEvent(type, {
      msgId,
      createTime: Date.now(),
      userId: who.tiktokUserId,
      handle: who.uniqueId,
      nickname: who.nickname,
      avatarUrl: who.avatarUrl,
      content,
    });
  };
  const intents = new WeakMap();
  const claimedBy = new Map();
  const mixChat = (who) => {
    const ref = pick(random, refs);
    const roll = random();
    if (roll >= claimShare) {
      const other = random() < 20 / 65 ? pick(random, questions) : pick(random, chatter);
      return [other(ref, random), "other"];
    }
    // A doubt is not counted as held: it mostly ends released (ignored or its wait run out), and a
    // later "je passe le 12" of it would not be an un-claim of a piece the viewer surely has.
    if (random() < DOUBT_SHARE) return [pick(random, DOUBT_TEMPLATES).write(ref), "doubt"];
    const held = claimedBy.get(who.uniqueId);
    if (random() < UNCLAIM_SHARE) {
      // Mostly a piece this viewer claimed; sometimes one never claimed (nothing to give up).
      const mine =
        held && held.length > 0 && random() < 0.85
          ? held.splice(Math.floor(random() * held.length), 1)[0]
          : ref;
      return [pick(random, mixUnclaims)(mine, random), "unclaim"];
    }
    let other = pick(random, refs);
    if (other === ref && refs.length > 1) other = refs[(refs.indexOf(ref) + 1) % refs.length];
    const template = pick(random, mixClaims);
    const text = template(ref, random, other);
    const list = held ?? [];
    list.push(ref);
    if (template.length === 3) list.push(other);
    claimedBy.set(who.uniqueId, list.slice(-8));
    return [text, "claim"];
  };
  const chat = () => {
    const who = viewer();
    if (claimShare !== null) {
      const [text, intent] = mixChat(who);
      const event = base("chat", who, text);
      intents.set(event, intent);
      return event;
    }
    const ref = pick(random, refs);
    const roll = random();
    const template =
      roll < 0.35 ? pick(random, claims) : roll < 0.55 ? pick(random, questions) : pick(random, chatter);
    return base("chat", who, template(ref, random));
  };
  return {
    viewers: people,
    chat,
    intentOf: (event) => intents.get(event) ?? "other",
    next() {
      const roll = random();
      if (roll < 0.9) return chat();
      const who = viewer();
      // The other platforms' bridges send comments only.
      if ((who.platform ?? "tiktok") !== "tiktok") return chat();
      if (roll < 0.95) return base("member", who);
      if (roll < 0.98) return base("like", who);
      return base("gift", who);
    },
    /** A chat event from a given handle (tests: "je prends le 3" from a known viewer). */
    comment(uniqueId, text) {
      const who = people.find((p) => p.uniqueId === uniqueId) ?? {
        uniqueId,
        nickname: uniqueId,
        tiktokUserId: viewerIdOf(uniqueId),
        avatarUrl: null,
      };
      return base("chat", who, text);
    },
  };
}

/** A stable TikTok-like numeric id for a handle the stream did not make (TikTok always sends one). */
function viewerIdOf(handle) {
  let hash = 0n;
  for (const char of handle.toLowerCase())
    hash = (hash * 31n + BigInt(char.codePointAt(0) ?? 0)) % 10n ** 15n;
  return String(7_100_000_000_000_000_000n + hash);
}

function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
