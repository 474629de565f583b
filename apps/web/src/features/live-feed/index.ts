// The live's feed as the back office reads it: the comments and events as they come, the stream's
// state, the comments a gap let through, and its sources' health (silence, cuts). What the areas
// use; the rest stays inside.
export { missedCommentsText } from "./feed-gaps";
export { streamStateLabels, useLiveFeed } from "./use-live-feed";
export { LiveSilenceBanner, LiveSourceHealthList } from "./source-health";
