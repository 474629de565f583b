/*
 * Claims of a live, decided on the server (decision 030). Other modules use claims only through
 * what this file exports.
 */
export {
  findClaimView,
  listClaimViews,
  readClaimCounters,
  readClaimSettings,
  readClaimVersion,
} from "./queries";
