/** The labelled corpus's parts, read as text by the tests (Vite's ?raw import). */
declare module "*.jsonl?raw" {
  const text: string;
  export default text;
}
