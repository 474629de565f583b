// The back office's features that are not an area: each serves several areas (the live's sidebar,
// the live's page, the preparation page...), which import it through its index.ts only. Read by
// the lint, which keeps them apart (eslint.config.js), and by the bundle bench, which counts them
// with the back office (bench/bundle-size.mjs).
export const backOfficeFeatures = ["label-batches", "live-claims", "live-feed"];
