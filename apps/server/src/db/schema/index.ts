export * from "./auth";
export * from "./catalogue";
export * from "./content";
export * from "./lives";
export * from "./orders";
export * from "./payments";
export * from "./platform";
export * from "./users";
