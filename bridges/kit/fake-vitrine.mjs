/**
 * A fake of Vitrine's ingestion API for the bridges' tests (node:http on a random port): it
 * checks the bearer token, stores each (live, msgId) once and answers how many it already had,
 * as the server does, keeps the states and cuts reported, and can be down (503) or lose the
 * acknowledgement of a request it stored (the connection cut before the answer).
 */
import { createServer } from "node:http";

export const FAKE_VITRINE_TOKEN = "fake-vitrine-token";

export async function startFakeVitrine({ token = FAKE_VITRINE_TOKEN } = {}) {
  const vitrine = {
    /** Whether it answers; down, every request gets 503. */
    up: true,
    /** The next this many event requests are stored but their answer is lost. */
    loseAcks: 0,
    /** msgIds stored, in the order they were stored. */
    stored: [],
    events: new Map(),
    /** The msgIds of each event request, resends included. */
    batches: [],
    statuses: [],
    gaps: [],
  };
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const answer = (status, body) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${token}`)
        return answer(401, { code: "UNAUTHORIZED", message: "Jeton d'ingestion invalide" });
      if (!vitrine.up) return answer(503, { code: "INGEST_UNAVAILABLE", message: "Ingestion saturée" });
      const body = JSON.parse(text);
      if (request.url === "/api/live-ingest/events") {
        vitrine.batches.push(body.events.map((event) => event.msgId));
        let duplicates = 0;
        for (const event of body.events) {
          if (vitrine.events.has(event.msgId)) duplicates += 1;
          else {
            vitrine.events.set(event.msgId, event);
            vitrine.stored.push(event.msgId);
          }
        }
        if (vitrine.loseAcks > 0) {
          vitrine.loseAcks -= 1;
          request.socket.destroy();
          return;
        }
        return answer(200, { accepted: body.events.length - duplicates, duplicates });
      }
      if (request.url === "/api/live-ingest/status") {
        vitrine.statuses.push(body);
        return answer(200, { source: body });
      }
      if (request.url === "/api/live-ingest/gaps") {
        vitrine.gaps.push(body);
        return answer(200, { gap: body });
      }
      return answer(404, { code: "NOT_FOUND", message: "Introuvable" });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  vitrine.url = `http://127.0.0.1:${server.address().port}`;
  vitrine.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    });
  return vitrine;
}
