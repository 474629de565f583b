// The shipping labels printed for a whole live: the card on the live's page and the panel on the
// preparation page.
export { LiveLabelsCard } from "./components/live-labels-card";
export { PreparationLabelsPanel } from "./components/preparation-labels-panel";
